// Numbers for people who look after something: a row of figures (stat tiles) and the period
// switch (7, 30 or 90 days, each its own address). The admin analytics and the partner hub.
import { Link } from 'react-router';
import { formatNumber } from '../routes/admin/charts.tsx';

export function PeriodSwitch({
  path,
  periods,
  current,
  className,
}: {
  path: string;
  periods: readonly number[];
  current: number;
  className?: string;
}) {
  return (
    <nav className={className ? `period-switch ${className}` : 'period-switch'} aria-label="Period">
      <ul className="list-plain">
        {periods.map((days) => (
          <li key={days}>
            <Link
              to={`${path}?days=${days}`}
              className="period-switch__link"
              aria-current={days === current ? 'page' : undefined}
              preventScrollReset
            >
              {days} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function StatTiles({ items }: { items: { label: string; value: number; detail?: string }[] }) {
  return (
    <dl className="stat-tiles">
      {items.map((item) => (
        <div key={item.label} className="stat-tile">
          <dt>{item.label}</dt>
          <dd>
            {formatNumber(item.value)}
            {item.detail && <span className="stat-tile__detail">{item.detail}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
