// Art captions: {c1} {c2} {c3} are the first three palette colour names.
import type { ArtSpec } from '../../modules/media/art/art-spec.ts';

export type ArtStyle = ArtSpec['style'];

export const ART_CAPTIONS: Readonly<Record<ArtStyle, readonly string[]>> = {
  folds: [
    'Layered folds of {c1} and {c2}.',
    'A study in folded {c1}, {c2} and {c3}.',
    'Soft drapery in {c1} and {c2}.',
    'Folded cloth in {c1}, with {c2} and {c3}.',
  ],
  fields: [
    'Colour fields in {c1}, {c2} and {c3}.',
    'Stacked planes of {c1} and {c2}.',
    'A quiet composition of {c1} and {c2}.',
    'Soft-edged blocks of {c1} over {c2}.',
  ],
  swatches: [
    'Textile swatches in {c1} and {c2}.',
    'Woven patterns in {c1}, {c2} and {c3}.',
    'Cloth samples in {c1} and {c2}.',
    'Stripes, checks and twills in {c1} and {c2}.',
  ],
  arcs: ['Concentric arcs in {c1} and {c2}.', 'Overlapping circles of {c1}, {c2} and {c3}.', 'Arcs of {c1} rising over {c2}.'],
  grid: ['A geometric grid in {c1} and {c2}.', 'Interlocking forms in {c1}, {c2} and {c3}.', 'A modular composition in {c1} and {c2}.'],
  silhouette: ['A figure in silhouette, in {c1} and {c2}.', 'A portrait in silhouette against {c2}.'],
};

export const ART_ALT: Readonly<Record<ArtStyle, readonly string[]>> = {
  folds: ['folded {c1} and {c2} fabric', 'draped {c1} cloth with {c2} and {c3} folds', 'layered {c1} and {c2} textile folds'],
  fields: ['soft-edged colour blocks in {c1}, {c2} and {c3}', 'stacked {c1} and {c2} colour fields'],
  swatches: ['fabric swatches with stripes and checks in {c1} and {c2}', 'a grid of woven {c1}, {c2} and {c3} textile samples'],
  arcs: ['concentric {c1} and {c2} arcs', 'overlapping {c1}, {c2} and {c3} circles'],
  grid: ['a geometric {c1} and {c2} mark', 'interlocking {c1}, {c2} and {c3} shapes on a grid'],
  silhouette: ['a head-and-shoulders silhouette in {c1} against {c2}'],
};

export const ART_CREDITS: readonly string[] = ['Atelier illustration.', 'Illustration by Atelier.', 'Atelier.'];
