// What the recovery and email-confirmation screens (web/routes/user/recovery.tsx, confirm-email.tsx)
// show for an emailed link: the flow with one button that confirms by a POST (docs/decisions/010).
import { redirectDocument, type AppLoadContext } from 'react-router';
import { loadFlow } from './identity.server.ts';
import { linkConfirmationUi } from '../../../modules/identity/flow-ui.ts';

/**
 * The screen's flow (loadFlow); with ?token= its ui is the link's confirmation step. A link this
 * browser cannot confirm here (another browser's flow or an app's, a used or expired link) goes to
 * the identity API's link address, which holds the anti-CSRF cookie: it gives this browser a flow
 * of its own, or a fresh one that says why not.
 */
export async function loadFlowOrLink(kind: 'recovery' | 'verification', args: { request: Request; context: AppLoadContext }) {
  const url = new URL(args.request.url);
  const token = url.searchParams.get('token');
  if (!token) return { ...(await loadFlow(kind, args)), confirmingLink: false };
  const flow = await loadFlow(kind, args).catch((error: unknown) => {
    // loadFlow answers a flow this browser cannot use by starting a new one, which would lose the link.
    if (error instanceof Response) return null;
    throw error;
  });
  const ui = flow && linkConfirmationUi(flow, token);
  if (!flow || !ui)
    throw redirectDocument(
      `${args.context.config.endpoints.identity}/self-service/${kind}?${new URLSearchParams({ flow: url.searchParams.get('flow') ?? '', token })}`,
    );
  return { ...flow, ui, confirmingLink: true };
}
