// One invoice's receipt in display-ready strings, for a person's membership page and a team's.
import { formatDay, formatMoney, taxLabel } from '../../../modules/billing/money.ts';
import type { Receipt } from '../../../modules/billing/subscriptions-service.ts';
import type { ReceiptView } from '../../components/billing/receipt.tsx';

/** `item` names what was bought (the first line); `billedTo` the address lines, empty ones dropped. */
export function receiptView(receipt: Receipt, item: string, billedTo: (string | null | undefined)[]): ReceiptView {
  const money = (amount: number) => formatMoney(amount, receipt.currency);
  const tax = taxLabel(receipt.taxInfo);
  return {
    number: receipt.id.slice(0, 8).toUpperCase(),
    issued: formatDay(receipt.issuedAt),
    paid: receipt.paidAt ? formatDay(receipt.paidAt) : null,
    refunded: receipt.state === 'refunded',
    lines: [
      ...(receipt.discountAmount > 0
        ? [
            { label: item, amount: money(receipt.subtotal + receipt.discountAmount) },
            { label: `Discount${receipt.couponCode ? ` (${receipt.couponCode})` : ''}`, amount: `−${money(receipt.discountAmount)}` },
          ]
        : [{ label: item, amount: money(receipt.subtotal) }]),
      ...(tax ? [{ label: tax, amount: money(receipt.taxAmount) }] : []),
    ],
    total: money(receipt.total),
    billedTo: billedTo.filter((line): line is string => Boolean(line)),
    paidWith: receipt.card ? `${receipt.card.cardType} ending ${receipt.card.lastFour}` : null,
  };
}
