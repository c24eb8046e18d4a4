// folds: layered fabric with soft shadows and highlights along each crest
import { ground, linearGradient, n, radialGradient, sequence, smoothThrough, type Canvas, type Drawing } from './canvas.ts';

export function drawFolds(c: Canvas, d: Drawing): void {
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
