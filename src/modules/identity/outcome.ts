// Its own file so the flows (flows/*.ts) can name it without importing identity-service.ts, which imports them.
import type { FlowRow } from './flow-store.ts';
import type { IdentityWithAddresses } from './identity-store.ts';
import type { SessionRow } from './session-store.ts';

/** What a use case produced; the HTTP layer turns it into a status, body, cookies or a redirect. */
export type Outcome =
  | {
      kind: 'flow';
      status: 200 | 400;
      flow: FlowRow;
      /** Given once, when a native app's flow starts. */ sessionTokenExchangeCode?: string;
    }
  | { kind: 'signed_in'; flow: FlowRow; session: SessionRow; token: string; identity: IdentityWithAddresses; continueWith: ContinueWith[] }
  | { kind: 'registered'; flow: FlowRow; session: SessionRow; token: string; identity: IdentityWithAddresses; continueWith: ContinueWith[] }
  | { kind: 'redirect'; flow?: FlowRow; to: string; session?: { row: SessionRow; token: string } }
  | { kind: 'already_signed_in'; returnTo: string };

export type ContinueWith =
  | { action: 'redirect_browser_to'; redirect_browser_to: string }
  | { action: 'set_ory_session_token'; ory_session_token: string }
  | { action: 'show_verification_ui'; flow: { id: string; verifiable_address: string; url: string } }
  | { action: 'show_settings_ui'; flow: { id: string; url: string } };
