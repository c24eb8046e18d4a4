// A printable receipt (/user/membership/?receipt=…, /user/organisations/memberships/?receipt=…):
// the browser prints it, or saves it as PDF, without the site's furniture.
import { Link } from 'react-router';
import { Fact } from '../fact.tsx';

/** An invoice's receipt as the page prints it (display-ready strings; receipt-view.server.ts). */
export interface ReceiptView {
  number: string;
  issued: string;
  paid: string | null;
  refunded: boolean;
  lines: { label: string; amount: string }[];
  total: string;
  billedTo: string[];
  paidWith: string | null;
}

export function ReceiptDocument({ receipt, kicker, back }: { receipt: ReceiptView; kicker: string; back: { to: string; label: string } }) {
  return (
    <div className="wrap receipt">
      <article className="payment__summary" aria-labelledby="receipt-title">
        <p className="kicker">{kicker}</p>
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
          <Link to={back.to}>{back.label}</Link>
        </p>
      </article>
    </div>
  );
}
