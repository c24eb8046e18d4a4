// The BoF 500's shared parts: the people as cards with their class, and the classes as a row of
// links (each class has its own address, `/bof500/?class=2026`).
import { Link } from 'react-router';
import type { Bof500Data } from '../../routes/profiles/bof500.server.ts';
import { paths } from '../../../shared/paths.ts';
import { DirectoryPagination, DirectoryResults, PersonCard } from './directory.tsx';

export function Bof500Classes({ classes, current, total }: { classes: Bof500Data['classes']; current: number | undefined; total: number }) {
  const link = (year: number | undefined, label: string) => (
    <Link
      to={year === undefined ? paths.bof500() : `${paths.bof500()}?class=${year}`}
      className="period-switch__link"
      aria-current={current === year ? 'page' : undefined}
    >
      {label}
    </Link>
  );
  return (
    <nav className="period-switch bof500-classes" aria-label="Classes">
      {link(undefined, `All classes (${total})`)}
      {classes.map((item) => (
        <span key={item.year}>{link(item.year, `${item.year} (${item.count})`)}</span>
      ))}
    </nav>
  );
}

export function Bof500People({
  data,
  basePath,
  onOpen,
}: {
  data: Bof500Data;
  basePath: string;
  /** Told which result the reader opened, counting from 1 across pages (the search's result clicks). */
  onOpen?: (position: number, path: string) => void;
}) {
  const first = (data.page.page - 1) * 24;
  const { page, query } = data;
  return (
    <>
      <DirectoryResults total={page.total} noun={page.total === 1 ? 'person' : 'people'}>
        <ul className="directory-grid">
          {page.items.map((person, index) => (
            <PersonCard
              key={person.profileId}
              person={person}
              onOpen={onOpen && (() => onOpen(first + index + 1, paths.person(person.slug)))}
              tag={[person.category, person.nationality, person.classYear ? `Class of ${person.classYear}` : null]
                .filter(Boolean)
                .join(' · ')}
            />
          ))}
        </ul>
      </DirectoryResults>
      <DirectoryPagination
        basePath={basePath}
        params={{
          q: query.q || undefined,
          class: query.class?.toString(),
          category: query.category,
          country: query.country,
        }}
        page={page.page}
        pageCount={page.pageCount}
      />
    </>
  );
}
