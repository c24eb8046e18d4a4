// /user/tickets/<ticketId>/calendar.ics — a ticket's event as a calendar file (RFC 5545, the `ics`
// library), for the ticket's holder.
import type { Route } from './+types/ticket-calendar';
import { requireSignedIn } from './details.server.ts';
import { ticketCalendar } from './tickets.server.ts';

export async function loader(args: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(args, `/user/tickets/${args.params.ticketId}/calendar.ics`);
  return ticketCalendar(args.context, signedIn.session.identityId, args.params.ticketId);
}
