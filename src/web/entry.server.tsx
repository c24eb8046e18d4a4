// Server rendering: streams the page, waits for everything for crawlers, and gives React the
// request's CSP nonce so its inline scripts are allowed (DESIGN §1; security headers in server/).
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { NonceProvider } from './lib/nonce.tsx';
import { KeptOnServerValues } from './lib/prerendered-data.ts';
import { scriptsAfterFirstPaint } from './lib/scripts-after-first-paint.server.ts';

export const streamTimeout = 5_000;

/** A request the client got wrong (a 404, a POST to a page without a form: 405) is answered, not logged as a server fault. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const nonce = loadContext.nonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <KeptOnServerValues.Provider value={loadContext.keptOnServer}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </KeptOnServerValues.Provider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const afterFirstPaint = scriptsAfterFirstPaint(nonce);
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          headers.set('Content-Type', 'text/html; charset=utf-8');
          if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-cache');
          pipe(body);
          body.pipe(afterFirstPaint);
          resolve(new Response(createReadableStreamFromReadable(afterFirstPaint), { headers, status }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
