// /admin/events/<slug>/attendees.csv (issue 21): the attendee list as CSV, for site admins.
import type { Route } from './+types/attendees-csv';
import { attendeeCsv } from './event-staff.server.ts';

export function loader(args: Route.LoaderArgs) {
  return attendeeCsv(args);
}
