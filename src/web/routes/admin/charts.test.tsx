// The admin charts' axes as an admin sees them (decision 038: the scale and tick maths are
// d3-scale's). The tick tables are what the hand-made 1-2-5 ticks drew before the change.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { countScale, DailyBarChart, TrafficChart } from './charts.tsx';

/** `count` days from 1 Oct 2026, the values given by `value(i)`. */
function days(count: number, value: (i: number) => number) {
  return Array.from({ length: count }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10),
    pageViews: value(i),
    visitors: Math.floor(value(i) / 2),
    value: value(i),
  }));
}

/** The y axis as drawn: each label and the height of its gridline. */
function yAxis(html: string): [string, number][] {
  return [
    ...html.matchAll(
      /<line x1="52" x2="704" y1="([\d.]+)" y2="[\d.]+" class="chart__(?:baseline|grid)"><\/line><text x="44" y="[\d.]+" dy="0.32em" text-anchor="end">([^<]+)<\/text>/g,
    ),
  ].map(([, y, label]) => [label!, Math.round(Number(y) * 100) / 100]);
}

/** The x axis labels as drawn: text and horizontal position. */
function xLabels(html: string): [string, number][] {
  return [...html.matchAll(/<text x="([\d.]+)" y="[\d.]+" text-anchor="middle">([^<]+)<\/text>/g)].map(([, x, label]) => [
    label!,
    Math.round(Number(x) * 100) / 100,
  ]);
}

describe('countScale', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [4, [0, 1, 2, 3, 4]],
    [5, [0, 2, 4, 6]],
    [7, [0, 2, 4, 6, 8]],
    [9, [0, 5, 10]],
    [12, [0, 5, 10, 15]],
    [17, [0, 5, 10, 15, 20]],
    [48, [0, 20, 40, 60]],
    [100, [0, 50, 100]],
    [101, [0, 50, 100, 150]],
    [999, [0, 500, 1000]],
    [1234, [0, 500, 1000, 1500]],
    [5000, [0, 2000, 4000, 6000]],
    [87654, [0, 50000, 100000]],
  ])('ticks a maximum of %d at %j, whole numbers from 0 to the top of the axis', (max, expected) => {
    const { y, ticks } = countScale(max, { top: 16, bottom: 226 });
    expect(ticks).toEqual(expected);
    expect(y.domain()).toEqual([0, expected.at(-1)]);
    expect([y(0), y(expected.at(-1)!)]).toEqual([226, 16]);
  });
});

describe('TrafficChart', () => {
  it('draws the count axis with en-GB labels on its gridlines, 0 on the baseline', () => {
    const html = renderToStaticMarkup(<TrafficChart days={days(7, (i) => (i + 1) * 200)} title="Traffic" description="Page views" />);
    expect(yAxis(html)).toEqual([
      ['0', 226],
      ['500', 156],
      ['1,000', 86],
      ['1,500', 16],
    ]);
    expect(html).toContain('class="chart__baseline"');
  });

  it('labels about seven days, always the newest, spread across the plot', () => {
    const week = xLabels(renderToStaticMarkup(<TrafficChart days={days(7, () => 3)} title="T" description="D" />));
    expect(week).toEqual([
      ['1 Oct', 52],
      ['2 Oct', 160.67],
      ['3 Oct', 269.33],
      ['4 Oct', 378],
      ['5 Oct', 486.67],
      ['6 Oct', 595.33],
      ['7 Oct', 704],
    ]);
    const quarter = xLabels(renderToStaticMarkup(<TrafficChart days={days(90, () => 3)} title="T" description="D" />));
    expect(quarter).toHaveLength(7);
    expect(quarter.at(-1)).toEqual(['29 Dec', 704]);
  });

  it('puts a single day in the middle', () => {
    const html = renderToStaticMarkup(<TrafficChart days={days(1, () => 5)} title="T" description="D" />);
    expect(xLabels(html)).toEqual([['1 Oct', 378]]);
    const [, cx, cy] = /<circle cx="([\d.]+)" cy="([\d.]+)" r="4" class="chart__dot">/.exec(html)!;
    expect([Number(cx), Math.round(Number(cy))]).toEqual([378, 51]);
  });
});

describe('DailyBarChart', () => {
  it('draws a centred bar in each day’s slot, none for a day with nothing, on the same kind of axis', () => {
    const html = renderToStaticMarkup(
      <DailyBarChart days={days(4, (i) => [3, 0, 7, 1][i]!)} title="Sign-ups" description="D" valueLabel="Sign-ups" />,
    );
    expect(yAxis(html)).toEqual([
      ['0', 166],
      ['2', 128.5],
      ['4', 91],
      ['6', 53.5],
      ['8', 16],
    ]);
    // 652 px for four days: a 163 px slot each, the bar 60 % of it (97.8 px) in its middle.
    const bars = [...html.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" class="chart__bar">/g)].map((m) =>
      m.slice(1).map((n) => Math.round(Number(n) * 100) / 100),
    );
    expect(bars).toEqual([
      [84.6, 109.75, 97.8, 56.25],
      [410.6, 34.75, 97.8, 131.25],
      [573.6, 147.25, 97.8, 18.75],
    ]);
    expect(xLabels(html).map(([, x]) => x)).toEqual([133.5, 296.5, 459.5, 622.5]);
  });
});
