// The whole GraphQL schema: the shared error model, then EVERY module's graphql.ts, listed here
// explicitly (a module with GraphQL fields adds one line). Each file adds its own types, query and
// mutation fields and Viewer fields; none imports another's, so the order below does not matter
// (and the printed SDL is sorted).
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.ts';
import './errors.ts';
import '../../modules/accounts/graphql.ts';
import '../../modules/billing/graphql.ts';
import '../../modules/billing/graphql-organisations.ts';
import '../../modules/billing/graphql-tickets.ts';
import '../../modules/events/graphql.ts';
import '../../modules/follows/graphql.ts';
import '../../modules/gifts/graphql.ts';
import '../../modules/lookups/graphql.ts';
import '../../modules/newsletters/graphql.ts';
import '../../modules/organisations/graphql.ts';
import '../../modules/profiles/graphql.ts';
import '../../modules/students/graphql.ts';

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql (a test keeps it current). */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
