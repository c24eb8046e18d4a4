// /user/organisations/memberships/ (§2, issue 17): a team's plan for its OWNER and ADMINs — the
// plan (Premium for every seat), seats used of bought, the renewal and its amount, the status
// (active, cancelled, expired, a failed renewal being retried), the card on file, who is billed,
// and the invoices, each with a printable receipt (?receipt=<invoice id>). A USER sees their seat
// and who administers it; someone with no organisation, what team plans are. Server half:
// organisations-page.server.ts.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { Fact } from '../../components/fact.tsx';
import type { Route } from './+types/organisation-memberships';
import {
  membershipsAction,
  membershipsLoader,
  teamReceiptLoader,
  type TeamActionData,
  type TeamReceipt,
} from './organisations-page.server.ts';
import { AccountChooser, NoTeam, OwnSeat, teamMenu } from './team-parts.tsx';
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
  if (loaderData.kind === 'receipt') return <Receipt receipt={loaderData.receipt} />;
  if (loaderData.kind === 'none') {
    return (
      <AccountLayout title="Your team" intro={<>Signed in as {loaderData.email}</>} menu={teamMenu('memberships', false)}>
        <NoTeam offer={loaderData.offer} answer={answer} />
      </AccountLayout>
    );
  }
  if (loaderData.kind === 'member') {
    return (
      <AccountLayout title={loaderData.account.title} intro={<>Signed in as {loaderData.email}</>} menu={teamMenu('memberships', true)}>
        <AccountChooser choices={loaderData.choices} current={loaderData.account.accountId} path={MEMBERSHIPS_PATH} />
        <OwnSeat account={loaderData.account} role={loaderData.role} since={loaderData.since} contact={loaderData.contact} />
      </AccountLayout>
    );
  }
  return <PlanPage data={loaderData} />;
}

function PlanPage({ data }: { data: Extract<Data, { kind: 'admin' }> }) {
  const { account, seats, plan } = data;
  const receiptOf = (id: string) => `${MEMBERSHIPS_PATH}?${new URLSearchParams({ account: account.accountId, receipt: id })}`;
  return (
    <AccountLayout
      title={account.title}
      intro={
        <>
          Signed in as {data.email} · {data.roleWords}
        </>
      }
      menu={teamMenu('memberships', true)}
    >
      <AccountChooser choices={data.choices} current={account.accountId} path={MEMBERSHIPS_PATH} />

      <section className="account-section team-section" aria-labelledby="plan-heading">
        <h2 id="plan-heading" className="account-section__title">
          Plan
        </h2>
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
      </section>

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
        {data.invoices.length === 0 ? (
          <p className="account-section__intro">No invoices yet.</p>
        ) : (
          <table className="team-table">
            <caption className="visually-hidden">Your organisation’s invoices, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Total</th>
                <th scope="col">State</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {data.invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>
                    <time dateTime={invoice.dateTime}>{invoice.date}</time>
                  </td>
                  <td className="team-table__number">{invoice.total}</td>
                  <td>{invoice.state}</td>
                  <td>
                    <Link to={receiptOf(invoice.id)} aria-label={`Receipt for ${invoice.date}, ${invoice.total}`}>
                      Receipt
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </AccountLayout>
  );
}

function Receipt({ receipt }: { receipt: TeamReceipt }) {
  return (
    <div className="wrap receipt">
      <article className="payment__summary" aria-labelledby="receipt-title">
        <p className="kicker">{receipt.title}</p>
        <h1 id="receipt-title" className="display">
          Receipt {receipt.number}
        </h1>
        <dl className="membership-facts">
          <Fact term="Issued">{receipt.issued}</Fact>
          <Fact term="Paid">{receipt.paid}</Fact>
          <Fact term="Paid with">{receipt.paidWith}</Fact>
          <Fact term="Billed to">{receipt.billedTo.join(', ')}</Fact>
        </dl>
        <table className="membership-invoices">
          <caption className="visually-hidden">What this receipt is for</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line) => (
              <tr key={line.label}>
                <td>{line.label}</td>
                <td>{line.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{receipt.total}</td>
            </tr>
          </tfoot>
        </table>
        {receipt.refunded && <p>This payment was refunded.</p>}
        <p className="cta-row receipt__actions">
          <button type="button" className="button" onClick={() => window.print()}>
            Print or save as PDF
          </button>
          <Link to={`${MEMBERSHIPS_PATH}?${new URLSearchParams({ account: receipt.accountId })}`}>Back to the team plan</Link>
        </p>
      </article>
    </div>
  );
}
