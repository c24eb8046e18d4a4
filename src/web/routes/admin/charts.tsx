// Server-rendered charts for the admin dashboards: d3-scale does the scale and tick maths, React
// draws the SVG on the server, no script needed (decision 038). Charts over time are SVG images with a title and a description (role="img"); ranked bars and funnels are
// lists whose labels are HTML text (they wrap and stay legible at any width) with SVG bars. Every
// chart's numbers are also a table in a <details> right below it (the text alternative).
import { scaleBand, scaleLinear } from 'd3-scale';
import { useId, type ReactNode } from 'react';
import { shortDate } from '../../../shared/dates.ts';

const numberFormat = new Intl.NumberFormat('en-GB');
const percentFormat = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
const longDayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatNumber = (value: number) => numberFormat.format(value);
/** "–" when there is nothing to divide by. */
export const formatRate = (part: number, whole: number) => (whole > 0 ? percentFormat.format(part / whole) : '–');
/** "21 Nov" for a YYYY-MM-DD day (UTC, so server and browser agree). */
export const formatDay = (day: string) => shortDate(`${day}T00:00:00Z`);
export const formatLongDay = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`));

/** About how many steps a count axis has: d3's 1-2-5 steps, so 3 to 5 gridlines. */
const Y_TICKS = 3;

/**
 * A count axis from `top` (pixels, for the highest value) down to `bottom` (for 0): from 0 to a
 * round number at or above `max` (1 when there is nothing), ticked at whole numbers only.
 */
export function countScale(max: number, { top, bottom }: { top: number; bottom: number }) {
  const y = scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .nice(Y_TICKS)
    .range([bottom, top]);
  return { y, ticks: y.ticks(Y_TICKS).filter(Number.isInteger) };
}

/** Which of `n` days get an axis label: about seven, always the newest. */
export function labelledDays(n: number, wanted = 7): Set<number> {
  const step = Math.max(1, Math.ceil(n / wanted));
  const shown = new Set<number>();
  for (let i = n - 1; i >= 0; i -= step) shown.add(i);
  return shown;
}

interface ChartFrameProps {
  title: string;
  /** One or two sentences saying what the chart shows, read out with the image. */
  description: string;
  /** Caption under the heading: the key figures in words. */
  caption?: ReactNode;
  legend?: { label: string; className: string }[];
  viewBox: string;
  children: ReactNode;
  table: ReactNode;
  tableLabel?: string;
}

/** A figure: caption, legend, the SVG image, and its data table in a <details>. */
export function ChartFrame({
  title,
  description,
  caption,
  legend,
  viewBox,
  children,
  table,
  tableLabel = 'Show the numbers',
}: ChartFrameProps) {
  const id = useId();
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart__caption">
        {caption ?? description}
      </figcaption>
      {legend && (
        <ul className="chart__legend list-plain" aria-hidden="true">
          {legend.map((item) => (
            <li key={item.label}>
              <span className={`chart__key ${item.className}`} />
              {item.label}
            </li>
          ))}
        </ul>
      )}
      {/* On a phone the chart keeps a readable size and scrolls sideways (focusable, so keys scroll it too). */}
      <div className="chart__scroll" tabIndex={0} role="group" aria-label={`${title} (scrolls sideways on small screens)`}>
        <svg
          className="chart__svg"
          viewBox={viewBox}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {children}
        </svg>
      </div>
      <details className="chart__data">
        <summary>{tableLabel}</summary>
        {table}
      </details>
    </figure>
  );
}

// ---------------------------------------------------------------------------------------------
// Page views and visitors per day: an area (page views) and a dashed line (visitors).

const W = 720;
const PAD = { left: 52, right: 16, top: 16, bottom: 34 };

export interface DailySeries {
  day: string;
  values: number[];
}

function YAxis({ ticks, y, width }: { ticks: number[]; y: (v: number) => number; width: number }) {
  return (
    <g className="chart__axis" aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'chart__baseline' : 'chart__grid'} />
          <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
            {formatNumber(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

function XLabels({ days, x, height }: { days: string[]; x: (i: number) => number; height: number }) {
  const shown = labelledDays(days.length);
  return (
    <g className="chart__axis" aria-hidden="true">
      {days.map((day, i) =>
        shown.has(i) ? (
          <text key={day} x={x(i)} y={height - 10} textAnchor="middle">
            {formatDay(day)}
          </text>
        ) : null,
      )}
    </g>
  );
}

export function TrafficChart({
  days,
  title,
  description,
  caption,
}: {
  days: { day: string; pageViews: number; visitors: number }[];
  title: string;
  description: string;
  caption?: ReactNode;
}) {
  const H = 260;
  const n = days.length;
  const { y, ticks } = countScale(Math.max(...days.map((d) => Math.max(d.pageViews, d.visitors)), 0), {
    top: PAD.top,
    bottom: H - PAD.bottom,
  });
  // One day: d3 puts a one-value domain in the middle of the range.
  const x = scaleLinear()
    .domain([0, n - 1])
    .range([PAD.left, W - PAD.right]);
  const line = (pick: (d: (typeof days)[number]) => number) =>
    days.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(pick(d)).toFixed(1)}`).join(' ');
  const views = line((d) => d.pageViews);
  const area = `${views} L${x(n - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z`;
  return (
    <ChartFrame
      title={title}
      description={description}
      caption={caption}
      viewBox={`0 0 ${W} ${H}`}
      legend={[
        { label: 'Page views', className: 'chart__key--views' },
        { label: 'Visitors', className: 'chart__key--visitors' },
      ]}
      table={
        <table className="data-table">
          <caption className="visually-hidden">{title}, by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Page views</th>
              <th scope="col">Visitors</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatLongDay(d.day)}</th>
                <td>{formatNumber(d.pageViews)}</td>
                <td>{formatNumber(d.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <YAxis ticks={ticks} y={y} width={W} />
      <path d={area} className="chart__area" />
      <path d={views} className="chart__line chart__line--views" />
      <path d={line((d) => d.visitors)} className="chart__line chart__line--visitors" />
      {n <= 31 && days.map((d, i) => <circle key={d.day} cx={x(i)} cy={y(d.pageViews)} r={n <= 7 ? 4 : 2.5} className="chart__dot" />)}
      <XLabels days={days.map((d) => d.day)} x={x} height={H} />
    </ChartFrame>
  );
}

// ---------------------------------------------------------------------------------------------
// One count per day as vertical bars (newsletter sign-ups).

export function DailyBarChart({
  days,
  title,
  description,
  caption,
  valueLabel,
}: {
  days: { day: string; value: number }[];
  title: string;
  description: string;
  caption?: ReactNode;
  valueLabel: string;
}) {
  const H = 200;
  const n = days.length;
  const { y, ticks } = countScale(Math.max(...days.map((d) => d.value), 0), { top: PAD.top, bottom: H - PAD.bottom });
  // One slot a day, the bar 60 % of it (80 % past a month), centred.
  const gap = n > 31 ? 0.2 : 0.4;
  const band = scaleBand<number>()
    .domain(days.map((_, i) => i))
    .range([PAD.left, W - PAD.right])
    .paddingInner(gap)
    .paddingOuter(gap / 2);
  const barW = Math.max(1, band.bandwidth());
  const x = (i: number) => band(i)! + band.bandwidth() / 2;
  return (
    <ChartFrame
      title={title}
      description={description}
      caption={caption}
      viewBox={`0 0 ${W} ${H}`}
      table={
        <table className="data-table">
          <caption className="visually-hidden">{title}, by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatLongDay(d.day)}</th>
                <td>{formatNumber(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <YAxis ticks={ticks} y={y} width={W} />
      {days.map((d, i) =>
        d.value > 0 ? (
          <rect key={d.day} x={x(i) - barW / 2} y={y(d.value)} width={barW} height={y(0) - y(d.value)} className="chart__bar" />
        ) : null,
      )}
      <XLabels days={days.map((d) => d.day)} x={x} height={H} />
    </ChartFrame>
  );
}

// ---------------------------------------------------------------------------------------------
// Ranked horizontal bars (top stories): an ordered list, each label above its bar.

/** A bar as wide as `share` (0–1) of its track; decoration, the text beside it carries the number. */
function Bar({ share, className = '' }: { share: number; className?: string }) {
  const width = share > 0 ? Math.max(0.5, Math.min(100, share * 100)) : 0;
  return (
    <svg className="chart-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width={width} height="10" className={`chart-bar__fill ${className}`} />
    </svg>
  );
}

export interface RankedItem {
  key: string;
  label: ReactNode;
  value: number;
  /** Read after the number, e.g. "views". */
  unit: string;
}

export function RankedBarChart({ items, caption, table }: { items: RankedItem[]; caption: ReactNode; table: ReactNode }) {
  const id = useId();
  const max = Math.max(...items.map((item) => item.value), 1);
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart__caption">
        {caption}
      </figcaption>
      <ol className="rank-bars">
        {items.map((item) => (
          <li key={item.key} className="rank-bars__item">
            <span className="rank-bars__label">{item.label}</span>
            <span className="rank-bars__row">
              <Bar share={item.value / max} />
              <span className="rank-bars__value">
                {formatNumber(item.value)}
                <span className="visually-hidden"> {item.unit}</span>
              </span>
            </span>
          </li>
        ))}
      </ol>
      <details className="chart__data">
        <summary>Show the numbers</summary>
        {table}
      </details>
    </figure>
  );
}

// ---------------------------------------------------------------------------------------------
// A funnel per group: each stage a bar, scaled to the group's largest stage.

export interface FunnelGroup {
  key: string;
  label: string;
  stages: { label: string; value: number; note?: string }[];
}

export function FunnelChart({ groups, caption, table }: { groups: FunnelGroup[]; caption: ReactNode; table: ReactNode }) {
  const id = useId();
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart__caption">
        {caption}
      </figcaption>
      <ul className="funnel list-plain">
        {groups.map((group) => {
          const base = Math.max(...group.stages.map((stage) => stage.value), 1);
          return (
            <li key={group.key} className="funnel__group">
              <p className="funnel__title">{group.label}</p>
              <ol className="funnel__stages list-plain">
                {group.stages.map((stage, s) => (
                  <li key={stage.label} className="funnel__stage">
                    <span className="funnel__label">{stage.label}</span>
                    <Bar share={stage.value / base} className={`chart-bar__fill--stage${s}`} />
                    <span className="funnel__value">
                      {formatNumber(stage.value)}
                      {stage.note ? <span className="funnel__note"> · {stage.note}</span> : null}
                    </span>
                  </li>
                ))}
              </ol>
            </li>
          );
        })}
      </ul>
      <details className="chart__data">
        <summary>Show the numbers</summary>
        {table}
      </details>
    </figure>
  );
}
