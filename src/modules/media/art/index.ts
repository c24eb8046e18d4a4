// Generated editorial art: deterministic abstract SVG compositions drawn from an ArtSpec.
//
// Every image is built from the spec's palette (colours and opacity variations of them only),
// seeded by spec.seed, and composed for the exact width and height requested, so it holds up
// at any aspect ratio. Output uses plain shapes, gradients and patterns (no filters, text or
// external references), so librsvg (sharp) renders it faithfully.
//
// The compositions are one file each (folds, fields, swatches, silhouette, grid, arcs); this file
// picks one by spec.style and wraps its drawing in an SVG document.
import { drawArcs } from './arcs.ts';
import type { ArtSpec } from './art-spec.ts';
import type { Canvas, Drawing } from './canvas.ts';
import { drawFields } from './fields.ts';
import { drawFolds } from './folds.ts';
import { drawGrid } from './grid.ts';
import { tonesOf } from './palette.ts';
import { createRng } from './random.ts';
import { drawSilhouette } from './silhouette.ts';
import { drawSwatches } from './swatches.ts';

type Style = ArtSpec['style'];

function hashString(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
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
