// The invoices of a membership page, newest first, each with a link to its printable receipt: a
// person's (/user/membership/) and a team's (/user/organisations/memberships/), which also says what
// each invoice was for.
import { Link } from 'react-router';

export interface InvoiceRow {
  id: string;
  /** Display-ready: "21 December 2026", and the ISO time for <time>. */
  date: string;
  dateTime: string;
  amount: string;
  status: string;
  /** What it was for ("Team plan", "Seats added"); the column shows when any row has one. */
  item?: string;
}

export function InvoiceTable({
  invoices,
  caption,
  receiptHref,
}: {
  invoices: InvoiceRow[];
  caption: string;
  receiptHref: (id: string) => string;
}) {
  if (invoices.length === 0) return <p className="account-section__intro">No invoices yet.</p>;
  const withItems = invoices.some((invoice) => invoice.item);
  return (
    <table className="membership-invoices">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          {withItems && <th scope="col">For</th>}
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
          <th scope="col">Receipt</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id}>
            <td>
              <time dateTime={invoice.dateTime}>{invoice.date}</time>
            </td>
            {withItems && <td>{invoice.item}</td>}
            <td>{invoice.amount}</td>
            <td>{invoice.status}</td>
            <td>
              <Link to={receiptHref(invoice.id)} aria-label={`Receipt for ${invoice.date}, ${invoice.amount}`}>
                Receipt
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
