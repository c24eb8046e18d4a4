import { Link } from 'react-router';

export function Pagination({ page, pageCount, basePath }: { page: number; pageCount: number; basePath: string }) {
  if (pageCount <= 1) return null;
  const href = (n: number) => (n === 1 ? basePath : `${basePath}?page=${n}`);
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination__status">{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
