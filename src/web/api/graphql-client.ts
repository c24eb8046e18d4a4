// The browser's GraphQL client (§7 GraphQL API, §8 transport errors), on urql. Queries go by GET
// (POST only when the URL would be too long), mutations by POST, always with the cookies and the
// header the server requires of anything not sent as JSON POST. An AuthError answer (§4) gets one
// forced token refresh and one retry.
import {
  cacheExchange,
  Client,
  fetchExchange,
  type AnyVariables,
  type DocumentInput,
  type OperationContext,
  type OperationResult,
  type RequestPolicy,
} from '@urql/core';
import { isAuthError } from '../auth/is-auth-error.ts';

/** GRAPHQL_CSRF_HEADER of server/graphql/yoga.ts, which the browser must not import. */
export const CSRF_HEADER = 'x-atelier-csrf';
export const GRAPHQL_RESPONSE_ERROR = 'GraphQL Response Error';

export interface GraphQLClientOptions {
  url: string;
  fetch?: typeof fetch;
  /** Reissues the tokens when an answer is an AuthError, before the one retry. */
  auth: { forceRefresh(): Promise<unknown> };
  /** Sent as x-app-version when set. */
  appVersion?: string;
  /** Sent as x-app-name when set. */
  appName?: string;
  /** Value of the CSRF header; the server only checks that it is there. */
  csrfHeaderValue?: string;
}

export interface MutationOptions {
  /** Bot-protection token, sent as x-captcha-token. */
  captchaToken?: string;
}

export interface QueryOptions extends MutationOptions {
  /** Default network-only: nothing comes from the cache unless the caller asks for it. */
  requestPolicy?: RequestPolicy;
}

export interface GraphQLClient {
  /** Resolves to `data`; throws GRAPHQL_RESPONSE_ERROR (cause: urql's CombinedError) on errors. */
  query<Data, Variables extends AnyVariables = AnyVariables>(
    document: DocumentInput<Data, Variables>,
    variables: Variables,
    options?: QueryOptions,
  ): Promise<Data>;
  mutation<Data, Variables extends AnyVariables = AnyVariables>(
    document: DocumentInput<Data, Variables>,
    variables: Variables,
    options?: MutationOptions,
  ): Promise<Data>;
}

/** An answer whose HTTP status is not ok; `body` is what it said (parsed when it is JSON). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`The GraphQL endpoint answered ${status}`);
    this.name = 'HttpStatusError';
  }
}

export function createGraphQLClient(options: GraphQLClientOptions): GraphQLClient {
  const fetchOrThrow: typeof fetch = async (input, init) => {
    const response = await (options.fetch ?? fetch)(input, init);
    if (!response.ok) throw new HttpStatusError(response.status, await readBody(response));
    return response;
  };
  const client = new Client({
    url: options.url,
    exchanges: [cacheExchange, fetchExchange],
    fetch: fetchOrThrow,
    preferGetMethod: 'within-url-limit',
    requestPolicy: 'network-only',
  });
  const fixedHeaders: Record<string, string> = {
    [CSRF_HEADER]: options.csrfHeaderValue ?? '1',
    ...(options.appVersion && { 'x-app-version': options.appVersion }),
    ...(options.appName && { 'x-app-name': options.appName }),
  };
  const contextFor = ({ captchaToken, requestPolicy }: QueryOptions): Partial<OperationContext> => ({
    ...(requestPolicy && { requestPolicy }),
    fetchOptions: { credentials: 'include', headers: { ...fixedHeaders, ...(captchaToken && { 'x-captcha-token': captchaToken }) } },
  });

  async function withAuthRetry<Data>(
    send: (context: Partial<OperationContext>) => Promise<OperationResult<Data>>,
    operationOptions: QueryOptions,
  ): Promise<Data> {
    const first = await send(contextFor(operationOptions));
    if (!isAuthError(answerOf(first))) return dataOf(first);
    // A failed refresh may still have changed the cookies; the retry tells whether it helped.
    await options.auth.forceRefresh().catch(() => undefined);
    // Once only: a second AuthError is the caller's to show (the member of the result union).
    return dataOf(await send({ ...contextFor(operationOptions), requestPolicy: 'network-only' }));
  }

  return {
    query: (document, variables, operationOptions = {}) =>
      withAuthRetry((context) => client.query(document, variables, context).toPromise(), operationOptions),
    mutation: (document, variables, operationOptions = {}) =>
      withAuthRetry((context) => client.mutation(document, variables, context).toPromise(), operationOptions),
  };
}

/** The answer as the server sent it, which §8's "up to 3 levels deep" counts from. */
function answerOf(result: OperationResult): unknown {
  const failure = result.error?.networkError;
  return failure instanceof HttpStatusError ? failure.body : { data: result.data };
}

function dataOf<Data>(result: OperationResult<Data>): Data {
  if (result.error) throw new Error(GRAPHQL_RESPONSE_ERROR, { cause: result.error });
  return result.data as Data;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
