// The directories' shared parts: the filter form (a GET form: it works without JavaScript and each
// filtered page has its own address), the result count and pagination that keeps the filters.
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { Picture } from '../picture.tsx';

export interface FilterSelect {
  name: string;
  label: string;
  value: string | undefined;
  options: { key: string; title: string; count: number }[];
}

export function DirectoryFilters({
  action,
  search,
  selects,
  hidden = {},
  label = 'Filter the directory',
}: {
  action: string;
  /** The text box, when the page has one. */
  search?: { label: string; value: string };
  selects: FilterSelect[];
  /** Choices made elsewhere on the page (a class year) that the form keeps. */
  hidden?: Record<string, string | undefined>;
  label?: string;
}) {
  return (
    <Form method="get" action={action} className="directory-filters" role="search" aria-label={label}>
      {Object.entries(hidden).map(([name, value]) => value !== undefined && <input key={name} type="hidden" name={name} value={value} />)}
      {search && (
        <div className="field">
          <label className="field__label" htmlFor="directory-q">
            {search.label}
          </label>
          <input
            className="field__input"
            id="directory-q"
            name="q"
            type="search"
            defaultValue={search.value}
            maxLength={80}
            key={search.value}
          />
        </div>
      )}
      {selects.map((select) => (
        <div className="field" key={select.name}>
          <label className="field__label" htmlFor={`directory-${select.name}`}>
            {select.label}
          </label>
          <select
            className="field__input"
            id={`directory-${select.name}`}
            name={select.name}
            defaultValue={select.value ?? ''}
            key={select.value ?? ''}
          >
            <option value="">All</option>
            {select.options.map((option) => (
              <option key={option.key} value={option.key}>
                {`${option.title} (${option.count})`}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="directory-filters__actions">
        <button type="submit" className="button button--small">
          Show
        </button>
        <Link to={action} className="link-button">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** Previous and next pages with the same filters. */
export function DirectoryPagination({
  basePath,
  params,
  page,
  pageCount,
}: {
  basePath: string;
  params: Record<string, string | undefined>;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const query = new URLSearchParams(
      Object.entries({ ...params, page: n > 1 ? String(n) : undefined }).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    const text = query.toString();
    return text ? `${basePath}?${text}` : basePath;
  };
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination__status">{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function DirectoryResults({ total, noun, children }: { total: number; noun: string; children: ReactNode }) {
  return (
    <section aria-labelledby="directory-results">
      <h2 className="visually-hidden" id="directory-results">
        Results
      </h2>
      <p className="listing__meta" role="status">
        {total === 0 ? `No ${noun} match these filters.` : `${total} ${noun}`}
      </p>
      {children}
    </section>
  );
}

/** A person in a directory list: portrait, name (to the profile), what they do, and a line of tags. */
export function PersonCard({
  person,
  tag,
  onOpen,
}: {
  person: { slug: string; name: string; subtitle: string; thumbnailKey: string | null };
  tag: string;
  /** Told when the reader opens the profile (a search's result click). */
  onOpen?: () => void;
}) {
  return (
    <li className="directory-card">
      {person.thumbnailKey && (
        <Picture
          className="directory-card__image directory-card__image--round"
          imageKey={person.thumbnailKey}
          alt=""
          ratio="1x1"
          width={160}
          sizes="80px"
        />
      )}
      <div>
        <Link to={paths.person(person.slug)} className="directory-card__name" onClick={onOpen}>
          {person.name}
        </Link>
        <p className="directory-card__meta">{person.subtitle}</p>
        <p className="directory-card__tag">{tag}</p>
      </div>
    </li>
  );
}
