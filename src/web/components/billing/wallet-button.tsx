// The "Pay with wallet" button, shown above the card fields when a wallet merchant id is
// configured (WALLET_MERCHANT_ID): the wallet (with the sandbox, its stand-in endpoint) gives a
// one-time token for the card it holds, which the payment form submits in place of a card token.
import { SANDBOX_WALLET_TOKENS_URL } from './payment-types.ts';

export type WalletTokenResult = { ok: true; token: string } | { ok: false; message: string };

/**
 * Asks the wallet for a one-time token for the card it holds (with the sandbox, its stand-in for the
 * Apple Pay / Google Pay sheet, which approves at once). The provider's refusal stays out of the
 * page: the buyer is told to try again or pay by card. Throws when the wallet cannot be reached.
 */
export async function requestWalletToken(merchantId: string): Promise<WalletTokenResult> {
  const response = await fetch(SANDBOX_WALLET_TOKENS_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ merchantId }),
  });
  const body = (await response.json().catch(() => null)) as { id?: string } | null;
  if (response.ok && body?.id) return { ok: true, token: body.id };
  return { ok: false, message: 'Your wallet could not pay just now. Please try again, or pay by card.' };
}

/** The wallet's mark: a card folder, drawn in the button's ink. */
function WalletGlyph() {
  return (
    <svg className="wallet-button__glyph" width="22" height="18" viewBox="0 0 22 18" aria-hidden="true" focusable="false">
      <rect x="1" y="3.5" width="20" height="13.5" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3.5 3.5 15.5 1l1 2.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      <rect x="14" y="8.5" width="7" height="4" rx="1" fill="currentColor" />
    </svg>
  );
}

export function WalletButton({ disabled, processing, onPay }: { disabled: boolean; processing: boolean; onPay: () => void }) {
  return (
    <div className="payment__wallet">
      <button type="button" className="wallet-button" disabled={disabled} aria-describedby="payment-wallet-hint" onClick={onPay}>
        <WalletGlyph />
        <span>{processing ? 'Processing…' : 'Pay with wallet'}</span>
      </button>
      <p id="payment-wallet-hint" className="field__hint">
        Your wallet pays with the card it holds; we receive a one-time token, never the card number. In the sandbox it holds a test Visa
        ending 4242.
      </p>
      <p className="payment__divider">or pay by card</p>
    </div>
  );
}
