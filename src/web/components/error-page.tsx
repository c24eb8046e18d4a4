import { Link } from 'react-router';

const COPY: Record<number, { title: string; text: string }> = {
  404: {
    title: 'We couldn’t find that page',
    text: 'The link may be out of date, or the page may have moved. Try the home page or one of the sections above.',
  },
  500: {
    title: 'Something went wrong!',
    text: 'We could not show this page just now. Please try again in a moment; if it keeps happening, we are already looking into it.',
  },
};

export function ErrorPage({ status }: { status: number }) {
  const copy = COPY[status] ?? COPY[500]!;
  return (
    <div className="wrap error-page">
      <p className="kicker">Error {status}</p>
      <h1 className="display">{copy.title}</h1>
      <p className="standfirst">{copy.text}</p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
