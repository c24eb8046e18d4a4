// The payment page's summary of what is bought: the plan, its price and tax, what is due today,
// the trial's terms, the verified student and the plan's features.
import type { PaymentView } from './payment-types.ts';

export function PlanSummary({ view }: { view: PaymentView }) {
  const { plan, price } = view;
  return (
    <section className="payment__summary" aria-labelledby="payment-plan">
      <h2 id="payment-plan" className="rail-title">
        Your plan
      </h2>
      <p className="payment__price">
        {plan.trialDays > 0 ? (
          <>
            <strong>Free for {plan.trialDays} days</strong>, then {price.fullPrice} {price.per}
          </>
        ) : (
          <>
            <strong>{price.fullPrice}</strong> {price.per}
          </>
        )}
      </p>
      <dl className="payment__lines">
        <div>
          <dt>Price</dt>
          <dd>{price.itemPrice}</dd>
        </div>
        {price.taxLabel && (
          <div>
            <dt>{price.taxLabel}</dt>
            <dd>{price.taxAmount}</dd>
          </div>
        )}
        <div>
          <dt>Total {price.per}</dt>
          <dd>{price.fullPrice}</dd>
        </div>
        <div className="payment__due">
          <dt>Due today</dt>
          <dd>{price.dueToday}</dd>
        </div>
      </dl>
      {price.trialEnds && (
        <p className="payment__note">
          Your card is checked now but not charged until your trial ends on {price.trialEnds}. Cancel before then and you pay nothing.
        </p>
      )}
      {view.student && (
        <p className="payment__note payment__student">
          Verified student: <strong>{view.student.email}</strong>, graduating in {view.student.graduationYear}.
        </p>
      )}
      <ul className="payment__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </section>
  );
}
