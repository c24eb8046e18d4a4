// /user/organisations/memberships/ (§2, issue 17): a team's plan for its OWNER and ADMINs — the
// plan (Premium for every seat), seats used of bought, the renewal and its amount, the status
// (active, cancelled, expired, a failed renewal being retried), the card on file, who is billed,
// and the invoices, each with a printable receipt (?receipt=<invoice id>). The OWNER and ADMINs add
// seats (?seats= previews the price, then Pay); the OWNER cancels at the term's end and resumes. A USER sees their seat
// and who administers it; someone with no organisation, what team plans are. Server half:
// organisations-page.server.ts.
import { Form, Link, useNavigation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { Fact } from '../../components/fact.tsx';
import { ReceiptDocument } from '../../components/billing/receipt.tsx';
import { InvoiceTable } from '../../components/billing/invoice-table.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import type { Route } from './+types/organisation-memberships';
import { membershipsAction, membershipsLoader, teamReceiptLoader, type TeamActionData } from './organisations-page.server.ts';
import { AccountChooser, NotAdminPage, teamMenu } from './team-parts.tsx';
import { userPageMeta } from './user-meta.ts';
import '../../styles/team-admin.css';

const MEMBERSHIPS_PATH = paths.organisationMemberships();

export async function loader(args: Route.LoaderArgs) {
  const receiptId = new URL(args.request.url).searchParams.get('receipt');
  if (receiptId !== null) return { kind: 'receipt' as const, receipt: await teamReceiptLoader(args, receiptId) };
  return membershipsLoader(args);
}

export const action = (args: Route.ActionArgs) => membershipsAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Team plan', description: 'Your team plan, seats, invoices and card.', path: MEMBERSHIPS_PATH });

type Data = Route.ComponentProps['loaderData'];

export default function OrganisationMemberships({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as TeamActionData | undefined;
  if (loaderData.kind === 'receipt')
    return (
      <ReceiptDocument
        receipt={loaderData.receipt}
        kicker={loaderData.receipt.title}
        back={{
          to: `${MEMBERSHIPS_PATH}?${new URLSearchParams({ account: loaderData.receipt.accountId })}`,
          label: 'Back to the team plan',
        }}
      />
    );
  if (loaderData.kind === 'none' || loaderData.kind === 'member')
    return <NotAdminPage data={loaderData} tab="memberships" path={MEMBERSHIPS_PATH} answer={answer} />;
  return <PlanPage data={loaderData} answer={answer} />;
}

function PlanPage({ data, answer }: { data: Extract<Data, { kind: 'admin' }>; answer: TeamActionData | undefined }) {
  const { account, seats, plan } = data;
  const here = (params: Record<string, string> = {}) =>
    `${MEMBERSHIPS_PATH}?${new URLSearchParams({ account: account.accountId, ...params })}`;
  const planAnswer = answer?.intent === 'cancel-plan' || answer?.intent === 'resume-plan' ? answer : undefined;
  return (
    <AccountLayout
      title={account.title}
      intro={
        <>
          Signed in as {data.email} · {data.roleWords}
        </>
      }
      menu={teamMenu('memberships', 'admin')}
    >
      <AccountChooser choices={data.choices} current={account.accountId} path={MEMBERSHIPS_PATH} />

      <section className="account-section team-section" aria-labelledby="plan-heading">
        <h2 id="plan-heading" className="account-section__title">
          Plan
        </h2>
        {data.notice && <FormNotice kind="success">{data.notice}</FormNotice>}
        <p className="team-figures">
          <span className="team-figures__number">{seats.used}</span>
          <span className="team-figures__of"> of {seats.bought} seats used</span>
          <span className="team-figures__rest">
            <Link to={`${paths.organisationUsers()}?${new URLSearchParams({ account: account.accountId })}`}>Add people</Link>
          </span>
        </p>
        <dl className="membership-facts">
          <Fact term="Plan">{plan ? plan.title : 'Team plan'}</Fact>
          <Fact term="Access">Premium for every seat</Fact>
          <Fact term="Status">{plan?.state ?? account.status}</Fact>
          <Fact term="Seats bought">{plan ? String(plan.seatsBought) : String(seats.bought)}</Fact>
          <Fact term="Price">
            {plan ? (
              <>
                {plan.price}
                {plan.taxLabel && <span className="membership-facts__note"> including {plan.taxLabel}</span>}
                <span className="membership-facts__note"> ({plan.perSeat})</span>
              </>
            ) : null}
          </Fact>
          <Fact term="Renewal">{plan?.renews ?? (data.termEnds ? `Seats last until ${data.termEnds}` : null)}</Fact>
        </dl>
        {!plan && <p className="account-section__intro">This team plan was set up by our staff: there is nothing to pay here.</p>}
        {planAnswer && <FormNotice kind={planAnswer.status}>{planAnswer.message}</FormNotice>}
        {plan && <PlanChange plan={plan} accountId={account.accountId} here={here} />}
      </section>

      {data.addSeats && plan && (
        <AddSeats offer={data.addSeats} accountId={account.accountId} seatsBought={plan.seatsBought} renews={plan.endsOn} answer={answer} />
      )}

      <section className="account-section team-section" aria-labelledby="billing-heading">
        <h2 id="billing-heading" className="account-section__title">
          Billing
        </h2>
        <dl className="membership-facts">
          <Fact term="Card">{data.card ? `${data.card.text}, expires ${data.card.expiry}` : 'No card on file'}</Fact>
          <Fact term="Billed to">
            {data.billedTo.length > 0 ? (
              <span className="team-address">
                {data.billedTo.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </span>
            ) : null}
          </Fact>
          <Fact term="Invoices go to">{data.contactEmail}</Fact>
        </dl>
      </section>

      <section className="account-section team-section" aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="account-section__title">
          Invoices
        </h2>
        <InvoiceTable
          invoices={data.invoices}
          caption="Your organisation’s invoices, newest first"
          receiptHref={(id) => here({ receipt: id })}
        />
      </section>
    </AccountLayout>
  );
}

type Plan = NonNullable<Extract<Data, { kind: 'admin' }>['plan']>;

/** Cancel (after a confirmation step, ?cancel=1) or resume: the OWNER's; an ADMIN reads the state above. */
function PlanChange({ plan, accountId, here }: { plan: Plan; accountId: string; here: (params?: Record<string, string>) => string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && /-plan$/.test(String(navigation.formData?.get('intent') ?? ''));
  const change = plan.canResume ? 'resume' : plan.canCancel && plan.cancelAsked ? 'cancel' : null;
  if (!change) {
    if (plan.ownerDecides) return <p className="team-muted">Only the organisation’s owner can cancel or resume the plan.</p>;
    return plan.canCancel ? (
      <p className="cta-row">
        <Link to={here({ cancel: '1' })}>Cancel the team plan</Link>
      </p>
    ) : null;
  }
  return (
    <Form method="post" className="team-confirm" aria-labelledby="plan-change-heading">
      <h3 id="plan-change-heading">{change === 'resume' ? 'Changed your mind?' : 'Cancel the team plan?'}</h3>
      <p>
        {change === 'resume'
          ? `Resume the plan before ${plan.endsOn} and it renews as before, for ${plan.seatsBought} seats.`
          : `It will not renew. Every seat keeps working until ${plan.endsOn}, then everyone on the team loses the access it gives. Until then you can resume it here.`}
      </p>
      <input type="hidden" name="intent" value={`${change}-plan`} />
      <input type="hidden" name="accountId" value={accountId} />
      <p className="cta-row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'One moment…' : change === 'resume' ? 'Resume the team plan' : 'Cancel the team plan'}
        </button>
        {change === 'cancel' && <Link to={here()}>Keep the plan</Link>}
      </p>
    </Form>
  );
}

/**
 * "Add seats": how many (a GET form: the price is shown before paying), then the preview and "Pay",
 * a POST charged to the card on file under the preview's own key.
 */
function AddSeats({
  offer,
  accountId,
  seatsBought,
  renews,
  answer,
}: {
  offer: NonNullable<Extract<Data, { kind: 'admin' }>['addSeats']>;
  accountId: string;
  seatsBought: number;
  renews: string | null;
  answer: TeamActionData | undefined;
}) {
  const navigation = useNavigation();
  const paying = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'add-seats';
  const { preview } = offer;
  const payAnswer = answer?.intent === 'add-seats' ? answer : undefined;
  return (
    <section className="account-section team-section" aria-labelledby="seats-heading">
      <h2 id="seats-heading" className="account-section__title">
        Add seats
      </h2>
      <p className="account-section__intro">
        You have {seatsBought} seats. Seats added now are charged to the card on file for the days left in this term, at the price a seat
        costs for your new total{renews ? `; from ${renews} the plan renews for every seat` : ''}.
      </p>
      <Form method="get" className="team-inline">
        <input type="hidden" name="account" value={accountId} />
        <label htmlFor="seats">Seats to add</label>
        <input
          // A new mount when the page's value changes: after a purchase the field is empty again.
          key={`seats-${offer.value}`}
          id="seats"
          name="seats"
          className="field__input team-inline__code"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          defaultValue={offer.value}
          required
          aria-invalid={offer.error ? true : undefined}
          aria-describedby={offer.error ? 'seats-error' : undefined}
        />
        <button type="submit" className="button button--secondary">
          See the price
        </button>
      </Form>
      {offer.error && (
        <p id="seats-error" className="field__message field__message--error">
          {offer.error}
          {offer.quoted && (
            <>
              {' '}
              <Link to={`${paths.executive()}#enquiry`}>Send us an enquiry</Link>
            </>
          )}
        </p>
      )}
      {payAnswer && !preview && <FormNotice kind={payAnswer.status}>{payAnswer.message}</FormNotice>}
      {preview && (
        <Form method="post" className="team-confirm" aria-labelledby="seats-preview-heading">
          <h3 id="seats-preview-heading">
            {preview.added} more {preview.added === 1 ? 'seat' : 'seats'}: {preview.seatsAfter} in all
          </h3>
          <dl className="membership-facts">
            <Fact term="Price">{preview.perSeat}</Fact>
            <Fact term="For">{preview.period}</Fact>
            <Fact term="Seats">{preview.itemPrice}</Fact>
            {preview.taxLabel && <Fact term={preview.taxLabel}>{preview.taxAmount}</Fact>}
            <Fact term="Charged today">
              <strong>{preview.total}</strong>
            </Fact>
            <Fact term="Card">{preview.card ?? 'No card on file'}</Fact>
            <Fact term="Renewal">{preview.renewal}</Fact>
          </dl>
          {payAnswer && <FormNotice kind={payAnswer.status}>{payAnswer.message}</FormNotice>}
          <input type="hidden" name="intent" value="add-seats" />
          <input type="hidden" name="accountId" value={accountId} />
          <input type="hidden" name="seats" value={preview.added} />
          <input type="hidden" name="idempotencyKey" value={preview.idempotencyKey} />
          <p className="cta-row">
            <button type="submit" className="button" disabled={paying}>
              {paying ? 'Paying…' : `Pay ${preview.total}`}
            </button>
          </p>
        </Form>
      )}
    </section>
  );
}
