// The drawing surface every composition shares: number formatting, smooth paths, gradients, the
// quiet ground, and colour sequences.
import type { Tones } from './palette.ts';
import type { Rng } from './random.ts';

/** Compact number formatting for attributes. */
export function n(value: number): string {
  const r = Math.round(value * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

/** Smooth path through points (Catmull-Rom converted to cubic Béziers). */
export function smoothThrough(points: ReadonlyArray<readonly [number, number]>): string {
  if (points.length < 2) return '';
  const p = (i: number): readonly [number, number] => points[Math.max(0, Math.min(points.length - 1, i))] as readonly [number, number];
  let d = `M${n(p(0)[0])} ${n(p(0)[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const [x0, y0] = p(i - 1);
    const [x1, y1] = p(i);
    const [x2, y2] = p(i + 1);
    const [x3, y3] = p(i + 2);
    const c1x = x1 + (x2 - x0) / 6;
    const c1y = y1 + (y2 - y0) / 6;
    const c2x = x2 - (x3 - x1) / 6;
    const c2y = y2 - (y3 - y1) / 6;
    d += ` C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(x2)} ${n(y2)}`;
  }
  return d;
}

export interface Canvas {
  w: number;
  h: number;
  min: number;
  max: number;
  id: (name: string) => string;
  rng: Rng;
  tones: Tones;
}

export interface Drawing {
  defs: string[];
  body: string[];
}

export function linearGradient(
  id: string,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stops: ReadonlyArray<readonly [offset: number, colour: string, opacity: number]>,
  userSpace = false,
): string {
  const units = userSpace ? ' gradientUnits="userSpaceOnUse"' : '';
  const s = stops.map(([o, c, a]) => `<stop offset="${n(o)}" stop-color="${c}" stop-opacity="${n(a)}"/>`).join('');
  return `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"${units}>${s}</linearGradient>`;
}

export function radialGradient(
  id: string,
  cx: number,
  cy: number,
  r: number,
  stops: ReadonlyArray<readonly [offset: number, colour: string, opacity: number]>,
): string {
  const s = stops.map(([o, c, a]) => `<stop offset="${n(o)}" stop-color="${c}" stop-opacity="${n(a)}"/>`).join('');
  return `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" gradientUnits="userSpaceOnUse">${s}</radialGradient>`;
}

/** A quiet ground: the base colour with a soft light fall-off and a darker foot. */
export function ground(c: Canvas, d: Drawing, colour: string): void {
  const { w, h, tones } = c;
  d.body.push(`<rect width="${w}" height="${h}" fill="${colour}"/>`);
  const lightId = c.id('ground-light');
  const shadeId = c.id('ground-shade');
  d.defs.push(
    radialGradient(lightId, w * c.rng.range(0.25, 0.75), h * c.rng.range(0.15, 0.45), c.max * 0.9, [
      [0, tones.light, 0.16],
      [1, tones.light, 0],
    ]),
  );
  d.defs.push(
    linearGradient(shadeId, 0, 0, 0, 1, [
      [0, tones.dark, 0],
      [0.65, tones.dark, 0],
      [1, tones.dark, 0.14],
    ]),
  );
  d.body.push(`<rect width="${w}" height="${h}" fill="url(#${lightId})"/>`);
  d.body.push(`<rect width="${w}" height="${h}" fill="url(#${shadeId})"/>`);
}

/** Pick `count` colours from `from`, avoiding the same colour twice in a row and `avoid`. */
export function sequence(rng: Rng, from: readonly string[], count: number, avoid?: string): string[] {
  const pool = from.filter((x) => x !== avoid);
  const usable = pool.length > 0 ? pool : from.slice();
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let pick = rng.pick(usable);
    if (usable.length > 1) {
      for (let tries = 0; tries < 6 && pick === out[out.length - 1]; tries++) pick = rng.pick(usable);
    }
    out.push(pick);
  }
  return out;
}
