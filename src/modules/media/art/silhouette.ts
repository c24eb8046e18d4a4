// silhouette: a head-and-shoulders figure over a colour field, for portraits
import { n, radialGradient, type Canvas, type Drawing } from './canvas.ts';
import { contrast } from './palette.ts';

export function drawSilhouette(c: Canvas, d: Drawing): void {
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
