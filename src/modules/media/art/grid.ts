// grid: a geometric, logo-like mark of quarter circles, halves and squares
import { ground, n, type Canvas, type Drawing } from './canvas.ts';
import { contrast } from './palette.ts';

export function drawGrid(c: Canvas, d: Drawing): void {
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
