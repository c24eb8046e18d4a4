// A one-off purchase's price as the payment pages set it out: what is bought, the tax when the
// country charges it, and the total due today (a team plan, a ticket order).
import type { ReactNode } from 'react';

export function PriceLines({
  item,
  price,
}: {
  /** What is bought, e.g. "5 seats × €360.00" or "2 × Standard ticket". */
  item: ReactNode;
  price: { itemPrice: string; taxLabel?: string | null; taxAmount?: string | null; fullPrice: string };
}) {
  return (
    <dl className="payment__lines">
      <div>
        <dt>{item}</dt>
        <dd>{price.itemPrice}</dd>
      </div>
      {price.taxLabel && (
        <div>
          <dt>{price.taxLabel}</dt>
          <dd>{price.taxAmount}</dd>
        </div>
      )}
      <div className="payment__due">
        <dt>Due today</dt>
        <dd>{price.fullPrice}</dd>
      </div>
    </dl>
  );
}
