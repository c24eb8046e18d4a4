// arcs: concentric bands and fine rings radiating from an anchor point
import { ground, n, radialGradient, sequence, type Canvas, type Drawing } from './canvas.ts';

export function drawArcs(c: Canvas, d: Drawing): void {
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
