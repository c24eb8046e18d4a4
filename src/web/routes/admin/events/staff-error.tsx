// What the events' staff pages show instead of themselves: a 404 for an event, ticket type or order
// that is not there, and the administrators' 403 page for everyone else.
import { isRouteErrorResponse, Link } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { AdminForbidden } from '../admin-nav.tsx';

export function StaffEventError({ error, what }: { error: unknown; what: string }) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <div className="wrap error-page">
        <p className="kicker">Error 404</p>
        <h1 className="display">There is no such {what}</h1>
        <p>
          <Link to={paths.adminEvents()}>See every event</Link>
        </p>
      </div>
    );
  return <AdminForbidden what="the events’ staff pages" />;
}
