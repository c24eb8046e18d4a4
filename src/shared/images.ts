// Image URLs for the resizer (server and browser agree on this one shape).
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1024, 1280, 1600, 2000] as const;
export type ImageRatio = '1x1' | '3x2' | '16x9' | '4x5';
export const RATIO_VALUES: Record<ImageRatio, number> = { '1x1': 1, '3x2': 3 / 2, '16x9': 16 / 9, '4x5': 4 / 5 };

export function imageUrl(base: string, key: string, ratio: ImageRatio, width: number, format: 'webp' | 'jpg' = 'webp'): string {
  return `${base}/${encodeURIComponent(key)}/${ratio}/${width}.${format}`;
}

/** srcset over the widths between min and max (inclusive). */
export function imageSrcSet(
  base: string,
  key: string,
  ratio: ImageRatio,
  min: number,
  max: number,
  format: 'webp' | 'jpg' = 'webp',
): string {
  return IMAGE_WIDTHS.filter((w) => w >= min && w <= max)
    .map((w) => `${imageUrl(base, key, ratio, w, format)} ${w}w`)
    .join(', ');
}
