// swatches: a flat-lay of cloth samples with woven patterns
import { ground, n, type Canvas, type Drawing } from './canvas.ts';
import { contrast } from './palette.ts';

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

export function drawSwatches(c: Canvas, d: Drawing): void {
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
