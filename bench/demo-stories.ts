// The demo catalogue every fresh database is seeded with, newest first: the stories the benchmarks read.
import { buildDemoCatalogue } from '../src/demo/catalogue/build-catalogue.ts';

export const newestDemoStories = [...buildDemoCatalogue().stories].sort((a, b) => a.minutesAgo - b.minutesAgo);
/** The newest free story: metered for anonymous readers. */
export const newestFreeStory = newestDemoStories.find((s) => s.access === 'free')!;
