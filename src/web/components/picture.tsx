import { imageSrcSet, imageUrl, RATIO_VALUES, type ImageRatio } from '../../shared/images.ts';
import { useRootData } from '../lib/root-data.ts';

/** A resizer image with srcset and intrinsic size, so nothing shifts while it loads. */
export function Picture({
  imageKey,
  alt,
  ratio,
  sizes,
  width,
  priority = false,
  className,
}: {
  imageKey: string;
  alt: string;
  ratio: ImageRatio;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  /** Largest width worth sending. */
  width: number;
  priority?: boolean;
  className?: string;
}) {
  const base = useRootData()?.config.endpoints.imageResizer ?? '/img';
  const height = Math.round(width / RATIO_VALUES[ratio]);
  return (
    <img
      className={className}
      src={imageUrl(base, imageKey, ratio, width >= 800 ? 800 : width)}
      srcSet={imageSrcSet(base, imageKey, ratio, 160, width)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
