// fields: soft-edged colour fields, in the manner of a colour-field painting
import { ground, linearGradient, n, sequence, type Canvas, type Drawing } from './canvas.ts';
import { contrast } from './palette.ts';

export function drawFields(c: Canvas, d: Drawing): void {
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
