// The frame of the sign-in screens: one calm column with a serif headline, the form, and the
// links to the other screens underneath.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthPage({
  kicker,
  title,
  standfirst,
  children,
  aside,
}: {
  kicker?: string;
  title: string;
  standfirst?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="wrap auth">
      <div className="auth__panel">
        <header className="auth__header">
          {kicker && <p className="kicker">{kicker}</p>}
          <h1 className="display auth__title">{title}</h1>
          {standfirst && <p className="auth__standfirst">{standfirst}</p>}
        </header>
        <div className="auth__body">{children}</div>
        {aside && <div className="auth__aside">{aside}</div>}
      </div>
    </div>
  );
}

/** The step after a code was emailed (sign-in and sign-up alike): the code form and a way back. */
export function CheckEmailPage({ restartHref, children }: { restartHref: string; children: ReactNode }) {
  return (
    <AuthPage
      title="Check your email"
      aside={
        <p>
          Wrong address? <Link to={restartHref}>Start again</Link>
        </p>
      }
    >
      {children}
    </AuthPage>
  );
}
