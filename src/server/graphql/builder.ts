// The one Pothos schema builder (DESIGN §1): every domain adds its types and fields in its own
// `graphql.ts` (src/modules/<domain>/graphql.ts); schema.ts imports them all and builds.
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import type { FastifyBaseLogger } from 'fastify';
import type { VerifiedMainToken } from '../../modules/session/tokens.ts';
import type { Services } from '../services.ts';

export interface GraphQLContext {
  services: Services;
  /** The verified `bof_session` claims, or null for an anonymous (or expired, or tampered) token. */
  user: VerifiedMainToken | null;
  requestId: string;
  log: FastifyBaseLogger;
}

/** Query limits (§ "depth, cost and alias limits"); generous for the screens, small enough to stop abuse. */
export const QUERY_LIMITS = { depth: 10, breadth: 60, complexity: 1000, aliases: 15 } as const;

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: { DateTime: { Input: Date; Output: Date | string } };
  DefaultFieldNullability: false;
}>({
  plugins: [ErrorsPlugin, DataloaderPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  // Errors come back as members of each field's result union (§8), not in `errors`.
  errors: { directResult: true, defaultTypes: [] },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
    limit: { depth: QUERY_LIMITS.depth, breadth: QUERY_LIMITS.breadth, complexity: QUERY_LIMITS.complexity },
  },
});

builder.queryType({});
builder.mutationType({});

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO 8601 string');
    return date;
  },
});
