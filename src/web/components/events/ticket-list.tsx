// Tickets as the reader keeps them (the checkout's confirmation, /user/tickets/): the QR code the
// door scans (an SVG the server drew with `qrcode` from the code alone), the name and the code.
export function TicketList({ tickets }: { tickets: { ticketId: string; code: string; attendeeName: string; qrSvg: string }[] }) {
  return (
    <ul className="list-plain ticket-list">
      {tickets.map((ticket) => (
        <li key={ticket.ticketId} className="ticket">
          <div
            className="ticket__qr"
            role="img"
            aria-label={`QR code for ticket ${ticket.code}`}
            dangerouslySetInnerHTML={{ __html: ticket.qrSvg }}
          />
          <div>
            <p className="ticket__name">{ticket.attendeeName}</p>
            <p className="ticket__code">
              Code <strong>{ticket.code}</strong>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
