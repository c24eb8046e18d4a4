// The whole GraphQL schema: the shared error model, then each domain's types and fields.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.ts';
import './errors.ts';
import '../../modules/accounts/graphql.ts';
import '../../modules/lookups/graphql.ts';
import '../../modules/follows/graphql.ts';
import '../../modules/gifts/graphql.ts';
import '../../modules/students/graphql.ts';

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql (a test keeps it current). */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
