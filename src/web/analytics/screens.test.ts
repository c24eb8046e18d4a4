// docs/analytics.md says which screen sends each catalogue event and which events wait for a screen
// (issue 13 "every event sent"). This reads those two tables from the committed doc and checks them
// against the catalogue and the code: every event is sent by a screen whose code names it, or waits
// for a named screen that does not send it yet.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../shared/analytics/events.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const doc = readFileSync(join(ROOT, 'docs/analytics.md'), 'utf8');

/** The rows of the table under `## heading`, as lists of cells (header and rule left out). */
function tableUnder(heading: string): string[][] {
  const section = doc.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  return rows.slice(2).map((row) =>
    row
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim()),
  );
}

const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

const sent = tableUnder('Sent by each screen').map(([screen, events, code]) => ({
  screen: screen!,
  events: names(events!),
  code: names(code!),
}));
const waiting = tableUnder('Not sent yet').map(([event, screen]) => ({ event: names(event!)[0]!, screen: screen! }));

/** Browser code that could send an event: src/web without tests and without the list itself. */
function webSources(dir = join(ROOT, 'src/web')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'screens.ts' ? [path] : [];
  });
}

describe('docs/analytics.md: who sends each event', () => {
  it('lists every catalogue event exactly once: sent by screens, or waiting for one', () => {
    const sentNames = new Set(sent.flatMap((row) => row.events));
    const waitingNames = waiting.map((row) => row.event);
    expect(sent.length).toBeGreaterThan(10);
    expect(new Set(waitingNames).size).toBe(waitingNames.length);
    expect(waitingNames.filter((name) => sentNames.has(name))).toEqual([]);
    expect([...sentNames, ...waitingNames].sort()).toEqual([...EVENT_NAMES].sort());
  });

  it('each screen’s code names every event listed for it', () => {
    const missing = sent.flatMap(({ screen, events, code }) => {
      const sources = code.map((file) => readFileSync(join(ROOT, file), 'utf8'));
      return events.filter((event) => !sources.some((source) => source.includes(`'${event}'`))).map((event) => `${screen}: ${event}`);
    });
    expect(missing).toEqual([]);
  });

  it('names the screen each waiting event waits for, and no browser code sends it yet', () => {
    expect(waiting.filter((row) => row.screen.length < 5)).toEqual([]);
    const sources = webSources().map((file) => readFileSync(file, 'utf8'));
    expect(waiting.filter(({ event }) => sources.some((source) => source.includes(`'${event}'`))).map((row) => row.event)).toEqual([]);
  });
});
