// One row of a list of facts (a <dl> such as .membership-facts): its term and its value, in the
// <div> that keeps the two together for the grid. A value the page does not have draws no row.
import type { ReactNode } from 'react';

export function Fact({
  term,
  children,
  ...valueAttributes
}: { term: ReactNode; children: ReactNode } & { [data: `data-${string}`]: string | undefined }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div>
      <dt>{term}</dt>
      <dd {...valueAttributes}>{children}</dd>
    </div>
  );
}
