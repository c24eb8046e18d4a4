import { describe, it, expect } from 'vitest';
import { renderArtSvg } from './art/index.ts';
import type { ArtSpec } from './art/art-spec.ts';

const STYLES: ArtSpec['style'][] = ['folds', 'fields', 'swatches', 'silhouette', 'grid', 'arcs'];
const PALETTE = ['#1c2230', '#ece4d6', '#b8a68c', '#5b6472'];
const SIZES: Array<[number, number]> = [
  [1200, 675],
  [400, 400],
  [360, 640],
  [1600, 400],
];

function spec(style: ArtSpec['style'], seed = 42): ArtSpec {
  return { key: `test-${style}`, style, palette: PALETTE, seed };
}

/** Minimal well-formedness check: every opened element is closed in order. */
function isBalanced(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name as string);
  }
  return stack.length === 0;
}

describe('renderArtSvg', () => {
  for (const style of STYLES) {
    describe(style, () => {
      for (const [w, h] of SIZES) {
        it(`renders a valid ${w}x${h} SVG`, () => {
          const svg = renderArtSvg(spec(style), w, h);
          expect(svg.startsWith('<svg')).toBe(true);
          expect(svg.endsWith('</svg>')).toBe(true);
          expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
          expect(svg).toContain(`viewBox="0 0 ${w} ${h}"`);
          expect(svg).toContain(`width="${w}"`);
          expect(svg).toContain(`height="${h}"`);
          expect(isBalanced(svg)).toBe(true);
          expect(svg).not.toMatch(/NaN|undefined|Infinity/);
          expect(svg).not.toMatch(/<text|<image|<filter|feTurbulence|href=|<script/);
        });
      }

      it('is deterministic and depends on the seed', () => {
        expect(renderArtSvg(spec(style), 800, 450)).toBe(renderArtSvg(spec(style), 800, 450));
        expect(renderArtSvg(spec(style, 1), 800, 450)).not.toBe(renderArtSvg(spec(style, 2), 800, 450));
      });

      it('uses only palette colours', () => {
        const svg = renderArtSvg(spec(style, 7), 640, 480);
        const colours = new Set([...svg.matchAll(/#[0-9a-fA-F]{3,8}\b/g)].map((m) => m[0].toLowerCase()));
        for (const c of colours) expect(PALETTE).toContain(c);
      });
    });
  }

  it('survives odd input: bad colours, tiny or fractional sizes', () => {
    const odd: ArtSpec = { key: 'odd', style: 'folds', palette: ['red', '#12', '#abc'], seed: -5 };
    const svg = renderArtSvg(odd, 0.4, 3.7);
    expect(svg).toContain('viewBox="0 0 1 4"');
    expect(svg).not.toContain('red');
    expect(isBalanced(svg)).toBe(true);
  });
});
