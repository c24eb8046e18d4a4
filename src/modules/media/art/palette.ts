// The palette an image is drawn from: the spec's colours, validated, ordered darkest to lightest
// and given roles (dark, light, mids); a fallback when the spec has fewer than two usable colours.

const FALLBACK_PALETTE = ['#1c2230', '#ece4d6', '#b8a68c', '#5b6472'];

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

export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The palette sorted from darkest to lightest, plus convenient named roles. */
export interface Tones {
  all: string[];
  byLight: string[];
  dark: string;
  light: string;
  mids: string[];
}

export function tonesOf(palette: readonly string[]): Tones {
  const valid = palette.map(normaliseHex).filter((c): c is string => c !== null);
  const unique = [...new Set(valid)];
  const all = unique.length >= 2 ? unique.slice(0, 5) : FALLBACK_PALETTE.slice();
  const byLight = all.slice().sort((x, y) => luminance(x) - luminance(y));
  const dark = byLight[0] as string;
  const light = byLight[byLight.length - 1] as string;
  const mids = byLight.slice(1, -1);
  return { all, byLight, dark, light, mids: mids.length > 0 ? mids : [all[0] as string] };
}
