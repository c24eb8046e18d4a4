// Generated editorial art: deterministic abstract SVG compositions drawn from an ArtSpec.
//
// Every image is built from the spec's palette (colours and opacity variations of them only),
// seeded by spec.seed, and composed for the exact width and height requested, so it holds up
// at any aspect ratio. Output uses plain shapes, gradients and patterns (no filters, text or
// external references), so librsvg (sharp) renders it faithfully.

import type { ArtSpec } from '../content/demo-types.ts';

type Style = ArtSpec['style'];

const FALLBACK_PALETTE = ['#1c2230', '#ece4d6', '#b8a68c', '#5b6472'];

// ---------------------------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------------------------

interface Rng {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

function createRng(seed: number): Rng {
  let a = (Number.isFinite(seed) ? Math.floor(seed) : 1) >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Warm up, so neighbouring seeds diverge immediately.
  for (let i = 0; i < 4; i++) next();
  return {
    next,
    range: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p) => next() < p,
  };
}

/** Compact number formatting for attributes. */
function n(value: number): string {
  const r = Math.round(value * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

function hashString(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function normaliseHex(colour: string): string | null {
  const c = colour.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(c)) return c;
  if (/^#[0-9a-f]{3}$/.test(c)) return `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}`;
  return null;
}

function luminance(hex: string): number {
  const v = parseInt(hex.slice(1), 16);
  const ch = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((x) => {
    const s = x / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (ch[0] ?? 0) + 0.7152 * (ch[1] ?? 0) + 0.0722 * (ch[2] ?? 0);
}

function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The palette sorted from darkest to lightest, plus convenient named roles. */
interface Tones {
  all: string[];
  byLight: string[];
  dark: string;
  light: string;
  mids: string[];
}

function tonesOf(palette: readonly string[]): Tones {
  const valid = palette.map(normaliseHex).filter((c): c is string => c !== null);
  const unique = [...new Set(valid)];
  const all = unique.length >= 2 ? unique.slice(0, 5) : FALLBACK_PALETTE.slice();
  const byLight = all.slice().sort((x, y) => luminance(x) - luminance(y));
  const dark = byLight[0] as string;
  const light = byLight[byLight.length - 1] as string;
  const mids = byLight.slice(1, -1);
  return { all, byLight, dark, light, mids: mids.length > 0 ? mids : [all[0] as string] };
}

/** Smooth path through points (Catmull-Rom converted to cubic Béziers). */
function smoothThrough(points: ReadonlyArray<readonly [number, number]>): string {
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

interface Canvas {
  w: number;
  h: number;
  min: number;
  max: number;
  id: (name: string) => string;
  rng: Rng;
  tones: Tones;
}

interface Drawing {
  defs: string[];
  body: string[];
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/**
 * Render an ArtSpec as a standalone SVG document of exactly `width` x `height`.
 * Deterministic: the same spec and size always produce the same string.
 */
export function renderArtSvg(spec: ArtSpec, width: number, height: number): string {
  const w = Math.max(1, Math.round(Number.isFinite(width) ? width : 1));
  const h = Math.max(1, Math.round(Number.isFinite(height) ? height : 1));
  const prefix = `a${hashString(`${spec.key}:${spec.seed}:${w}x${h}`)}`;
  const canvas: Canvas = {
    w,
    h,
    min: Math.min(w, h),
    max: Math.max(w, h),
    id: (name) => `${prefix}-${name}`,
    rng: createRng((spec.seed ^ 0x9e3779b9) >>> 0),
    tones: tonesOf(spec.palette),
  };
  const drawing: Drawing = { defs: [], body: [] };
  const painters: Record<Style, (c: Canvas, d: Drawing) => void> = {
    folds: drawFolds,
    fields: drawFields,
    swatches: drawSwatches,
    silhouette: drawSilhouette,
    grid: drawGrid,
    arcs: drawArcs,
  };
  (painters[spec.style] ?? drawFields)(canvas, drawing);
  const defs = drawing.defs.length > 0 ? `<defs>${drawing.defs.join('')}</defs>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `${defs}<g>${drawing.body.join('')}</g></svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

function linearGradient(
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

function radialGradient(
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
function ground(c: Canvas, d: Drawing, colour: string): void {
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
function sequence(rng: Rng, from: readonly string[], count: number, avoid?: string): string[] {
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

// ---------------------------------------------------------------------------------------------
// folds: layered fabric with soft shadows and highlights along each crest
// ---------------------------------------------------------------------------------------------

function drawFolds(c: Canvas, d: Drawing): void {
  const { w, h, rng, tones } = c;
  const groundColour = rng.chance(0.5) ? tones.light : rng.pick(tones.mids);
  ground(c, d, groundColour);

  const angle = rng.range(-24, 24);
  const rad = (angle * Math.PI) / 180;
  const cx = w / 2;
  const cy = h / 2;
  const span = Math.hypot(w, h) * 1.15;
  // Vertical half-extent of the canvas as seen in the rotated frame.
  const ext = (w * Math.abs(Math.sin(rad)) + h * Math.abs(Math.cos(rad))) / 2;
  const count = rng.int(5, 8);
  const colours = sequence(rng, tones.all, count, groundColour);
  const left = cx - span / 2;
  const right = cx + span / 2;
  const bottom = cy + span;
  const top = cy - ext * 0.92;
  const usable = ext * 1.8;

  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const base = top + (usable * (i + 0.35)) / (count + 0.2);
    const amp = (usable / count) * rng.range(0.35, 0.95);
    const points: Array<readonly [number, number]> = [];
    const steps = rng.int(4, 6);
    const phase = rng.range(0, Math.PI * 2);
    const freq = rng.range(0.8, 1.8);
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      const wobble = Math.sin(phase + t * Math.PI * 2 * freq) * amp * 0.6 + rng.range(-0.4, 0.4) * amp;
      points.push([left + t * (right - left), base + wobble]);
    }
    const crest = smoothThrough(points);
    const shape = `${crest} L${n(right)} ${n(bottom)} L${n(left)} ${n(bottom)} Z`;
    const colour = colours[i] as string;

    // Soft shadow cast on the layer behind, drawn just above this crest.
    if (i > 0) {
      for (const [width, opacity] of [
        [0.07, 0.05],
        [0.04, 0.06],
        [0.018, 0.08],
      ] as const) {
        parts.push(
          `<path d="${crest}" fill="none" stroke="${tones.dark}" stroke-opacity="${n(opacity)}" stroke-width="${n(c.min * width)}" transform="translate(0 ${n(-c.min * width * 0.15)})"/>`,
        );
      }
    }
    parts.push(`<path d="${shape}" fill="${colour}"/>`);

    // Shading that deepens away from the crest, towards the next fold.
    const gid = c.id(`fold-${i}`);
    const minY = Math.min(...points.map((p) => p[1]));
    const depth = (usable / count) * 1.6 + amp;
    d.defs.push(
      linearGradient(
        gid,
        0,
        minY,
        0,
        minY + depth,
        [
          [0, tones.light, 0.22],
          [0.18, tones.light, 0.04],
          [0.55, tones.dark, 0.08],
          [1, tones.dark, 0.3],
        ],
        true,
      ),
    );
    parts.push(`<path d="${shape}" fill="url(#${gid})"/>`);
    // A fine highlight riding the crest.
    parts.push(
      `<path d="${crest}" fill="none" stroke="${tones.light}" stroke-opacity="0.35" stroke-width="${n(Math.max(1, c.min * 0.006))}" transform="translate(0 ${n(c.min * 0.01)})"/>`,
    );
  }
  d.body.push(`<g transform="rotate(${n(angle)} ${n(cx)} ${n(cy)})">${parts.join('')}</g>`);

  // A whisper of vignette to settle the composition.
  const vid = c.id('folds-vignette');
  d.defs.push(
    radialGradient(vid, cx, cy, Math.hypot(w, h) * 0.62, [
      [0.55, tones.dark, 0],
      [1, tones.dark, 0.18],
    ]),
  );
  d.body.push(`<rect width="${w}" height="${h}" fill="url(#${vid})"/>`);
}

// ---------------------------------------------------------------------------------------------
// fields: soft-edged colour fields, in the manner of a colour-field painting
// ---------------------------------------------------------------------------------------------

function drawFields(c: Canvas, d: Drawing): void {
  const { w, h, rng, tones } = c;
  const groundColour = rng.chance(0.6) ? tones.dark : rng.pick(tones.all);
  ground(c, d, groundColour);

  const horizontal = w / h > 1.9;
  const count = rng.int(2, 3);
  const margin = c.min * rng.range(0.07, 0.1);
  const gap = c.min * rng.range(0.035, 0.055);
  const weights = Array.from({ length: count }, () => rng.range(0.6, 1.6));
  const total = weights.reduce((a, b) => a + b, 0);
  const colours = sequence(
    rng,
    tones.all.filter((x) => contrast(x, groundColour) > 1.15),
    count,
    groundColour,
  );
  if (colours.length === 0) colours.push(tones.light);

  const along = (horizontal ? w : h) - margin * 2 - gap * (count - 1);
  const across = (horizontal ? h : w) - margin * 2 * (horizontal ? 1.1 : 0.9);
  let cursor = margin;
  weights.forEach((weight, i) => {
    const size = (along * weight) / total;
    const x = horizontal ? cursor : (w - across) / 2;
    const y = horizontal ? (h - across) / 2 : cursor;
    const bw = horizontal ? size : across;
    const bh = horizontal ? across : size;
    cursor += size + gap;
    const colour = colours[i % colours.length] as string;
    const r = c.min * 0.012;

    // Soft, slightly irregular edges: translucent layers of paint, each inset a little further,
    // so the ground breathes through at the margins and the centre builds up to full colour.
    for (const [inset, opacity] of [
      [0, 0.16],
      [0.004, 0.18],
      [0.009, 0.2],
      [0.015, 0.24],
      [0.022, 0.3],
      [0.032, 0.72],
    ] as const) {
      const g = c.min * inset;
      const jx = g * rng.range(0.6, 1.4);
      const jy = g * rng.range(0.6, 1.4);
      const jw = g * rng.range(0.6, 1.4);
      const jh = g * rng.range(0.6, 1.4);
      d.body.push(
        `<rect x="${n(x + jx)}" y="${n(y + jy)}" width="${n(Math.max(1, bw - jx - jw))}" height="${n(Math.max(1, bh - jy - jh))}" rx="${n(r)}" fill="${colour}" fill-opacity="${n(opacity)}"/>`,
      );
    }
    // Tonal drift within the block, towards a neighbouring palette colour.
    const drift = rng.pick(tones.all.filter((x) => x !== colour));
    const gid = c.id(`field-${i}`);
    const vertical = rng.chance(0.7);
    d.defs.push(
      linearGradient(gid, 0, 0, vertical ? 0 : 1, vertical ? 1 : 0, [
        [0, drift, rng.range(0.05, 0.22)],
        [0.5, drift, 0],
        [1, tones.dark, rng.range(0.08, 0.2)],
      ]),
    );
    d.body.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(bw)}" height="${n(bh)}" rx="${n(r)}" fill="url(#${gid})"/>`);

    // Brushed texture: a few broad, faint bands across the block.
    const bands = rng.int(3, 5);
    for (let b = 0; b < bands; b++) {
      const tone = rng.chance(0.5) ? tones.light : tones.dark;
      const opacity = rng.range(0.02, 0.045);
      if (horizontal) {
        const bx = x + rng.range(0, bw * 0.9);
        d.body.push(
          `<rect x="${n(bx)}" y="${n(y + bh * 0.02)}" width="${n(rng.range(0.06, 0.22) * bw)}" height="${n(bh * 0.96)}" fill="${tone}" fill-opacity="${n(opacity)}"/>`,
        );
      } else {
        const by = y + rng.range(0, bh * 0.9);
        d.body.push(
          `<rect x="${n(x + bw * 0.02)}" y="${n(by)}" width="${n(bw * 0.96)}" height="${n(rng.range(0.06, 0.22) * bh)}" fill="${tone}" fill-opacity="${n(opacity)}"/>`,
        );
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------
// swatches: a flat-lay of cloth samples with woven patterns
// ---------------------------------------------------------------------------------------------

type Weave = 'stripes' | 'gingham' | 'herringbone' | 'twill' | 'windowpane' | 'pinstripe';

function weavePattern(c: Canvas, id: string, weave: Weave, base: string, ink: string, accent: string, unit: number): string {
  const u = Math.max(3, unit);
  const open = (size: number, extra = ''): string =>
    `<pattern id="${id}" width="${n(size)}" height="${n(size)}" patternUnits="userSpaceOnUse"${extra}><rect width="${n(size)}" height="${n(size)}" fill="${base}"/>`;
  switch (weave) {
    case 'stripes':
      return `${open(u)}<rect width="${n(u * 0.42)}" height="${n(u)}" fill="${ink}"/><rect x="${n(u * 0.62)}" width="${n(u * 0.06)}" height="${n(u)}" fill="${accent}" fill-opacity="0.8"/></pattern>`;
    case 'pinstripe':
      return `${open(u * 0.7)}<rect width="${n(Math.max(1, u * 0.05))}" height="${n(u * 0.7)}" fill="${ink}" fill-opacity="0.85"/></pattern>`;
    case 'gingham':
      return `${open(u)}<rect width="${n(u / 2)}" height="${n(u)}" fill="${ink}" fill-opacity="0.45"/><rect width="${n(u)}" height="${n(u / 2)}" fill="${ink}" fill-opacity="0.45"/></pattern>`;
    case 'windowpane':
      return `${open(u * 1.6)}<rect width="${n(u * 1.6)}" height="${n(Math.max(1, u * 0.07))}" fill="${ink}" fill-opacity="0.7"/><rect width="${n(Math.max(1, u * 0.07))}" height="${n(u * 1.6)}" fill="${ink}" fill-opacity="0.7"/><rect y="${n(u * 0.8)}" width="${n(u * 1.6)}" height="${n(Math.max(1, u * 0.03))}" fill="${accent}" fill-opacity="0.6"/></pattern>`;
    case 'twill': {
      const s = u * 0.5;
      const sw = Math.max(1, s * 0.32);
      return `${open(s, ` patternTransform="rotate(${n(c.rng.pick([35, 45, -40]))})"`)}<rect width="${n(sw)}" height="${n(s)}" fill="${ink}" fill-opacity="0.55"/></pattern>`;
    }
    case 'herringbone': {
      const s = u * 0.8;
      const sw = Math.max(1, s * 0.13);
      return (
        `${open(s)}` +
        `<path d="M0 ${n(s * 0.5)} L${n(s * 0.5)} 0 M0 ${n(s)} L${n(s * 0.5)} ${n(s * 0.5)}" stroke="${ink}" stroke-width="${n(sw)}" stroke-opacity="0.75" fill="none"/>` +
        `<path d="M${n(s * 0.5)} 0 L${n(s)} ${n(s * 0.5)} M${n(s * 0.5)} ${n(s * 0.5)} L${n(s)} ${n(s)}" stroke="${ink}" stroke-width="${n(sw)}" stroke-opacity="0.45" fill="none"/>` +
        `</pattern>`
      );
    }
  }
}

function drawSwatches(c: Canvas, d: Drawing): void {
  const { w, h, rng, tones } = c;
  const groundColour = rng.chance(0.65) ? tones.light : rng.pick(tones.mids);
  ground(c, d, groundColour);

  const aspect = w / h;
  const target = rng.int(3, 6);
  const cols = Math.max(1, Math.min(target, Math.round(Math.sqrt(target * aspect))));
  const rows = Math.max(1, Math.ceil(target / cols));
  const padX = w * 0.08;
  const padY = h * 0.1;
  const cellW = (w - padX * 2) / cols;
  const cellH = (h - padY * 2) / rows;
  const weaves: Weave[] = ['stripes', 'gingham', 'herringbone', 'twill', 'windowpane', 'pinstripe'];
  const others = tones.all.filter((x) => x !== groundColour);
  const inkable = others.length > 0 ? others : tones.all;

  let k = 0;
  for (let r = 0; r < rows; r++) {
    for (let col = 0; col < cols; col++) {
      if (k >= target && rng.chance(0.6)) continue;
      k++;
      const sw = cellW * rng.range(0.72, 0.84);
      const sh = cellH * rng.range(0.72, 0.84);
      const x = padX + col * cellW + (cellW - sw) / 2 + rng.range(-0.03, 0.03) * cellW;
      const y = padY + r * cellH + (cellH - sh) / 2 + rng.range(-0.03, 0.03) * cellH;
      const rot = rng.range(-4, 4);
      const cx = x + sw / 2;
      const cy = y + sh / 2;
      const base = rng.pick(inkable);
      const inkChoices = tones.all.filter((x2) => x2 !== base && contrast(x2, base) > 1.3);
      const ink = inkChoices.length > 0 ? rng.pick(inkChoices) : tones.dark === base ? tones.light : tones.dark;
      const accent = rng.pick(tones.all.filter((x2) => x2 !== base && x2 !== ink).concat([ink]));
      const pid = c.id(`weave-${r}-${col}`);
      const unit = Math.min(sw, sh) / rng.range(7, 14);
      d.defs.push(weavePattern(c, pid, rng.pick(weaves), base, ink, accent, unit));
      const shadow = c.min * 0.012;
      d.body.push(
        `<g transform="rotate(${n(rot)} ${n(cx)} ${n(cy)})">` +
          `<rect x="${n(x + shadow * 1.6)}" y="${n(y + shadow * 2.2)}" width="${n(sw)}" height="${n(sh)}" fill="${tones.dark}" fill-opacity="0.1"/>` +
          `<rect x="${n(x + shadow * 0.6)}" y="${n(y + shadow)}" width="${n(sw)}" height="${n(sh)}" fill="${tones.dark}" fill-opacity="0.12"/>` +
          `<rect x="${n(x)}" y="${n(y)}" width="${n(sw)}" height="${n(sh)}" fill="url(#${pid})"/>` +
          `<rect x="${n(x)}" y="${n(y)}" width="${n(sw)}" height="${n(sh)}" fill="none" stroke="${tones.light}" stroke-opacity="0.35" stroke-width="${n(Math.max(1, c.min * 0.003))}"/>` +
          `</g>`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// silhouette: a head-and-shoulders figure over a colour field, for portraits
// ---------------------------------------------------------------------------------------------

function drawSilhouette(c: Canvas, d: Drawing): void {
  const { w, h, rng, tones } = c;
  const figure = tones.dark;
  const fieldChoices = tones.all.filter((x) => contrast(x, figure) > 2.2);
  const field = fieldChoices.length > 0 ? rng.pick(fieldChoices) : tones.light;
  d.body.push(`<rect width="${w}" height="${h}" fill="${field}"/>`);

  // For wide frames, the sitter moves off-centre and a second field balances the composition.
  const wide = w / h > 1.25;
  const tall = h / w > 1.25;
  const s = Math.min(h * (tall ? 0.9 : 1), wide ? w * 0.6 : w);
  const side = rng.chance(0.5) ? 1 : -1;
  const cx = wide ? w / 2 + side * w * 0.18 : w / 2 + rng.range(-0.03, 0.03) * w;
  if (wide) {
    const accent = rng.pick(tones.all.filter((x) => x !== field && x !== figure).concat([tones.light]));
    const bx = side > 0 ? 0 : w * 0.58;
    d.body.push(`<rect x="${n(bx)}" width="${n(w * 0.42)}" height="${h}" fill="${accent}" fill-opacity="0.55"/>`);
  }

  const shoulderY = h - s * 0.24;
  const headR = s * 0.145;
  const headCy = shoulderY - s * 0.3;

  // Halo of light behind the head.
  const glowId = c.id('glow');
  d.defs.push(
    radialGradient(glowId, cx, headCy, s * 0.55, [
      [0, tones.light, 0.42],
      [0.6, tones.light, 0.1],
      [1, tones.light, 0],
    ]),
  );
  d.body.push(`<rect width="${w}" height="${h}" fill="url(#${glowId})"/>`);
  if (rng.chance(0.45)) {
    const ringColour = rng.pick(tones.mids);
    d.body.push(
      `<circle cx="${n(cx)}" cy="${n(headCy + s * 0.02)}" r="${n(s * 0.3)}" fill="none" stroke="${ringColour}" stroke-opacity="0.45" stroke-width="${n(s * 0.012)}"/>`,
    );
  }

  const hair = rng.int(0, 4);
  const shoulderW = s * rng.range(0.34, 0.41);
  const neckW = s * rng.range(0.085, 0.1);
  const slope = s * rng.range(0.05, 0.08);
  const figureParts = (dx: number, dy: number): string => {
    const x = cx + dx;
    const hy = headCy + dy;
    const sy = shoulderY + dy;
    const R = headR;
    const parts: string[] = [];
    // Long hair falls behind the shoulders.
    if (hair === 3) {
      parts.push(
        `<path d="M${n(x - R * 1.05)} ${n(hy - R * 0.1)} C${n(x - R * 1.1)} ${n(hy - R * 1.85)} ${n(x + R * 1.1)} ${n(hy - R * 1.85)} ${n(x + R * 1.05)} ${n(hy - R * 0.1)} ` +
          `C${n(x + R * 1.2)} ${n(hy + R * 1.2)} ${n(x + R * 1.45)} ${n(sy - s * 0.02)} ${n(x + R * 1.3)} ${n(sy + s * 0.08)} ` +
          `L${n(x - R * 1.3)} ${n(sy + s * 0.08)} C${n(x - R * 1.45)} ${n(sy - s * 0.02)} ${n(x - R * 1.2)} ${n(hy + R * 1.2)} ${n(x - R * 1.05)} ${n(hy - R * 0.1)} Z"/>`,
      );
    }
    // Shoulders: a gentle trapezius slope from the neck, rounding into the arms.
    const nx = neckW * 0.75;
    parts.push(
      `<path d="M${n(x - shoulderW - s * 0.06)} ${n(h + 2)} ` +
        `C${n(x - shoulderW - s * 0.05)} ${n(sy + slope * 2.2)} ${n(x - shoulderW)} ${n(sy + slope * 0.9)} ${n(x - shoulderW * 0.78)} ${n(sy + slope * 0.55)} ` +
        `C${n(x - shoulderW * 0.5)} ${n(sy + slope * 0.25)} ${n(x - nx * 1.4)} ${n(sy + slope * 0.1)} ${n(x - nx)} ${n(sy - s * 0.03)} ` +
        `L${n(x + nx)} ${n(sy - s * 0.03)} ` +
        `C${n(x + nx * 1.4)} ${n(sy + slope * 0.1)} ${n(x + shoulderW * 0.5)} ${n(sy + slope * 0.25)} ${n(x + shoulderW * 0.78)} ${n(sy + slope * 0.55)} ` +
        `C${n(x + shoulderW)} ${n(sy + slope * 0.9)} ${n(x + shoulderW + s * 0.05)} ${n(sy + slope * 2.2)} ${n(x + shoulderW + s * 0.06)} ${n(h + 2)} Z"/>`,
    );
    // Neck.
    parts.push(
      `<path d="M${n(x - neckW / 2)} ${n(hy + R * 0.5)} C${n(x - neckW / 2)} ${n(sy - s * 0.06)} ${n(x - nx)} ${n(sy - s * 0.04)} ${n(x - nx * 1.1)} ${n(sy)} L${n(x + nx * 1.1)} ${n(sy)} C${n(x + nx)} ${n(sy - s * 0.04)} ${n(x + neckW / 2)} ${n(sy - s * 0.06)} ${n(x + neckW / 2)} ${n(hy + R * 0.5)} Z"/>`,
    );
    // Head: slightly narrower at the jaw.
    parts.push(
      `<path d="M${n(x)} ${n(hy - R * 1.12)} C${n(x + R * 0.62)} ${n(hy - R * 1.12)} ${n(x + R * 0.9)} ${n(hy - R * 0.6)} ${n(x + R * 0.88)} ${n(hy + R * 0.05)} ` +
        `C${n(x + R * 0.86)} ${n(hy + R * 0.7)} ${n(x + R * 0.45)} ${n(hy + R * 1.12)} ${n(x)} ${n(hy + R * 1.14)} ` +
        `C${n(x - R * 0.45)} ${n(hy + R * 1.12)} ${n(x - R * 0.86)} ${n(hy + R * 0.7)} ${n(x - R * 0.88)} ${n(hy + R * 0.05)} ` +
        `C${n(x - R * 0.9)} ${n(hy - R * 0.6)} ${n(x - R * 0.62)} ${n(hy - R * 1.12)} ${n(x)} ${n(hy - R * 1.12)} Z"/>`,
    );
    if (hair === 1) {
      // A blunt bob framing the face, ending at the jaw.
      parts.push(
        `<path d="M${n(x - R * 1.06)} ${n(hy + R * 0.62)} C${n(x - R * 1.22)} ${n(hy - R * 1.9)} ${n(x + R * 1.22)} ${n(hy - R * 1.9)} ${n(x + R * 1.06)} ${n(hy + R * 0.62)} Z"/>`,
      );
    } else if (hair === 2) {
      // A bun at the crown.
      parts.push(`<circle cx="${n(x + R * 0.2)}" cy="${n(hy - R * 1.2)}" r="${n(R * 0.45)}"/>`);
    } else if (hair === 4) {
      // A close crop, slightly fuller than the skull.
      parts.push(
        `<path d="M${n(x - R * 0.96)} ${n(hy - R * 0.05)} C${n(x - R * 1.02)} ${n(hy - R * 1.68)} ${n(x + R * 1.02)} ${n(hy - R * 1.68)} ${n(x + R * 0.96)} ${n(hy - R * 0.05)} Z"/>`,
      );
    }
    return parts.join('');
  };

  // A misregistered second impression, like an offset print.
  if (rng.chance(0.6)) {
    const echo = rng.pick(tones.mids);
    d.body.push(`<g fill="${echo}" fill-opacity="0.45">${figureParts(s * 0.028 * side, s * 0.01)}</g>`);
  }
  d.body.push(`<g fill="${figure}">${figureParts(0, 0)}</g>`);

  // Lapels: a quiet collar line in the field colour.
  const lapel = `M${n(cx - neckW * 1.1)} ${n(shoulderY)} L${n(cx)} ${n(shoulderY + s * 0.14)} L${n(cx + neckW * 1.1)} ${n(shoulderY)}`;
  d.body.push(`<path d="${lapel}" fill="none" stroke="${field}" stroke-opacity="0.28" stroke-width="${n(s * 0.008)}"/>`);
}

// ---------------------------------------------------------------------------------------------
// grid: a geometric, logo-like mark of quarter circles, halves and squares
// ---------------------------------------------------------------------------------------------

function drawGrid(c: Canvas, d: Drawing): void {
  const { w, h, rng, tones } = c;
  const groundColour = rng.chance(0.7) ? tones.light : tones.dark;
  ground(c, d, groundColour);
  const inks = tones.all.filter((x) => x !== groundColour && contrast(x, groundColour) > 1.25);
  const palette = inks.length > 0 ? inks : [groundColour === tones.dark ? tones.light : tones.dark];

  const cells = rng.pick([2, 3, 3, 4]);
  const size = c.min * (cells === 4 ? 0.62 : 0.56);
  const cell = size / cells;
  const x0 = (w - size) / 2;
  const y0 = (h - size) / 2;
  const gap = cell * 0.06;
  const main = rng.pick(palette);

  // Faint construction lines across the whole frame.
  const lineColour = groundColour === tones.light ? tones.dark : tones.light;
  const lines: string[] = [];
  for (let gx = x0 % cell; gx < w; gx += cell) lines.push(`<rect x="${n(gx)}" width="${n(Math.max(0.5, c.min * 0.0015))}" height="${h}"/>`);
  for (let gy = y0 % cell; gy < h; gy += cell) lines.push(`<rect y="${n(gy)}" width="${w}" height="${n(Math.max(0.5, c.min * 0.0015))}"/>`);
  d.body.push(`<g fill="${lineColour}" fill-opacity="0.06">${lines.join('')}</g>`);

  const parts: string[] = [];
  for (let r = 0; r < cells; r++) {
    for (let col = 0; col < cells; col++) {
      const x = x0 + col * cell + gap / 2;
      const y = y0 + r * cell + gap / 2;
      const s = cell - gap;
      const fill = rng.chance(0.55) ? main : rng.pick(palette);
      const shape = rng.int(0, 6);
      const corner = rng.int(0, 3);
      const cxs = [x, x + s, x + s, x];
      const cys = [y, y, y + s, y + s];
      const qx = cxs[corner] as number;
      const qy = cys[corner] as number;
      switch (shape) {
        case 0: // quarter circle anchored in a corner
          parts.push(
            `<path d="M${n(qx)} ${n(qy)} L${n(corner === 0 || corner === 3 ? qx + s : qx - s)} ${n(qy)} A${n(s)} ${n(s)} 0 0 ${corner === 0 || corner === 2 ? 1 : 0} ${n(qx)} ${n(corner < 2 ? qy + s : qy - s)} Z" fill="${fill}"/>`,
          );
          break;
        case 1: // half disc
          parts.push(
            rng.chance(0.5)
              ? `<path d="M${n(x)} ${n(y + s)} A${n(s / 2)} ${n(s / 2)} 0 0 1 ${n(x + s)} ${n(y + s)} Z" fill="${fill}"/>`
              : `<path d="M${n(x)} ${n(y)} A${n(s / 2)} ${n(s / 2)} 0 0 0 ${n(x + s)} ${n(y)} Z" fill="${fill}"/>`,
          );
          break;
        case 2: // disc
          parts.push(`<circle cx="${n(x + s / 2)}" cy="${n(y + s / 2)}" r="${n(s / 2)}" fill="${fill}"/>`);
          break;
        case 3: // diagonal half
          parts.push(
            rng.chance(0.5)
              ? `<path d="M${n(x)} ${n(y)} L${n(x + s)} ${n(y)} L${n(x)} ${n(y + s)} Z" fill="${fill}"/>`
              : `<path d="M${n(x + s)} ${n(y)} L${n(x + s)} ${n(y + s)} L${n(x)} ${n(y + s)} Z" fill="${fill}"/>`,
          );
          break;
        case 4: // solid square with a cut-out ring
          parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" fill="${fill}"/>`);
          parts.push(`<circle cx="${n(x + s / 2)}" cy="${n(y + s / 2)}" r="${n(s * 0.28)}" fill="${groundColour}"/>`);
          break;
        case 5: // stacked bars
          for (let b = 0; b < 3; b++)
            parts.push(
              `<rect x="${n(x)}" y="${n(y + (b * s) / 3 + s * 0.04)}" width="${n(s)}" height="${n(s / 3 - s * 0.08)}" fill="${fill}" fill-opacity="${n(1 - b * 0.2)}"/>`,
            );
          break;
        default: // a quiet square
          parts.push(
            `<rect x="${n(x + s * 0.1)}" y="${n(y + s * 0.1)}" width="${n(s * 0.8)}" height="${n(s * 0.8)}" fill="${fill}" fill-opacity="0.35"/>`,
          );
      }
    }
  }
  d.body.push(parts.join(''));
  // A fine frame around the mark.
  const pad = cell * 0.35;
  d.body.push(
    `<rect x="${n(x0 - pad)}" y="${n(y0 - pad)}" width="${n(size + pad * 2)}" height="${n(size + pad * 2)}" fill="none" stroke="${main}" stroke-opacity="0.5" stroke-width="${n(Math.max(1, c.min * 0.004))}"/>`,
  );
}

// ---------------------------------------------------------------------------------------------
// arcs: concentric bands and fine rings radiating from an anchor point
// ---------------------------------------------------------------------------------------------

function drawArcs(c: Canvas, d: Drawing): void {
  const { w, h, rng, tones } = c;
  const groundColour = rng.pick(tones.all);
  ground(c, d, groundColour);

  const anchors: ReadonlyArray<readonly [number, number]> = [
    [w / 2, h * 1.02],
    [0, h],
    [w, h],
    [w * 0.5, h * 0.5],
    [w * 1.0, h * 0.5],
    [0, h * 0.5],
    [w * 0.3, h * 0.9],
  ];
  const [ax, ay] = rng.pick(anchors);
  const far = Math.max(Math.hypot(ax, ay), Math.hypot(w - ax, ay), Math.hypot(ax, h - ay), Math.hypot(w - ax, h - ay));
  const rings = rng.int(5, 9);
  const outer = far * rng.range(0.75, 1.05);
  const colours = sequence(rng, tones.all, rings, groundColour);
  let radius = outer;
  const parts: string[] = [];
  for (let i = 0; i < rings; i++) {
    const colour = colours[i] as string;
    parts.push(`<circle cx="${n(ax)}" cy="${n(ay)}" r="${n(radius)}" fill="${colour}"/>`);
    // A soft inner shade so each band reads as a curved surface.
    const gid = c.id(`arc-${i}`);
    d.defs.push(
      radialGradient(gid, ax, ay, radius, [
        [0.7, tones.dark, 0],
        [0.97, tones.dark, 0.16],
        [1, tones.dark, 0.22],
      ]),
    );
    parts.push(`<circle cx="${n(ax)}" cy="${n(ay)}" r="${n(radius)}" fill="url(#${gid})"/>`);
    radius *= rng.range(0.68, 0.84);
    if (radius < c.min * 0.04) break;
  }
  d.body.push(parts.join(''));

  // Fine rings, offset from the bands, for a drawn, architectural quality.
  const lineColour = rng.chance(0.5) ? tones.light : tones.dark;
  const fine: string[] = [];
  const offsetX = ax + rng.range(-0.08, 0.08) * w;
  const offsetY = ay + rng.range(-0.08, 0.08) * h;
  const count = rng.int(4, 9);
  for (let i = 1; i <= count; i++) {
    const r = (outer * 0.9 * i) / count;
    fine.push(`<circle cx="${n(offsetX)}" cy="${n(offsetY)}" r="${n(r)}"/>`);
  }
  d.body.push(
    `<g fill="none" stroke="${lineColour}" stroke-opacity="0.28" stroke-width="${n(Math.max(1, c.min * 0.003))}">${fine.join('')}</g>`,
  );

  // A small, solid sun somewhere in open space.
  if (rng.chance(0.55)) {
    const sunColour = rng.pick(tones.all.filter((x) => x !== groundColour));
    d.body.push(
      `<circle cx="${n(w * rng.range(0.15, 0.85))}" cy="${n(h * rng.range(0.15, 0.4))}" r="${n(c.min * rng.range(0.05, 0.09))}" fill="${sunColour}"/>`,
    );
  }
}
