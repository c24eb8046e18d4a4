// What the listing's address may ask for (§7 events(type, sortOrder)): anything else is ignored,
// so a mistyped filter shows every event rather than an error page.
import { z } from 'zod';
import { EVENT_TYPES, SORT_ORDERS } from './types.ts';

export const listingQuerySchema = z.object({
  type: z.enum(EVENT_TYPES).optional().catch(undefined),
  sortOrder: z.enum(SORT_ORDERS).catch('asc').default('asc'),
});

export type ListingQuery = z.output<typeof listingQuerySchema>;

/** Lower-case words and hyphens: anything else is a 404 without a query. */
export const EVENT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
