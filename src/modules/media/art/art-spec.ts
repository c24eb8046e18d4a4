// What the media module draws: a generated abstract image, described by a few values. Stories,
// authors, profiles and events name their images by an ArtSpec; the resizer renders it (art/index.ts).

/** A generated abstract image: the media module renders it from these values. */
export interface ArtSpec {
  /** Stable key, unique per image, lowercase [a-z0-9-]. Used in the /img/ URL. */
  key: string;
  /** Which composition to draw. */
  style: 'folds' | 'fields' | 'swatches' | 'silhouette' | 'grid' | 'arcs';
  /** Three to five hex colours, e.g. '#1f2a44'. A restrained palette. */
  palette: string[];
  /** Seed for the composition's randomness. */
  seed: number;
}
