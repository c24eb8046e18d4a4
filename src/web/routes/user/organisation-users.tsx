// /user/organisations/users/ (§2, issue 17): a team's people for its OWNER and ADMINs — the seat
// figures, the list with search, filter and paging, adding people by email (one, many or a CSV),
// invitations (resend, revoke), roles (one OWNER: handed on by the OWNER), removal with a
// confirmation step, and the email domains (add by an address at it, confirm the emailed code,
// disable). Every form is a plain post to this route's action (no JavaScript needed); the service
// checks the role at every call. A USER sees their own seat; someone with no organisation, what
// team plans are and a seat waiting for them. The server half is organisations-page.server.ts.
import { Form, Link, useNavigation } from 'react-router';
import { AccountLayout } from '../../components/account-layout.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import type { Route } from './+types/organisation-users';
import { usersAction, usersLoader, type TeamActionData } from './organisations-page.server.ts';
import { paths } from '../../../shared/paths.ts';
import { AccountChooser, NotAdminPage, teamMenu } from './team-parts.tsx';
import { userPageMeta } from './user-meta.ts';
import '../../styles/team-admin.css';

const USERS_PATH = paths.organisationUsers();

export const loader = (args: Route.LoaderArgs) => usersLoader(args);
export const action = (args: Route.ActionArgs) => usersAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Team members', description: 'The people on your team plan.', path: USERS_PATH });

type Data = Route.ComponentProps['loaderData'];
type AdminData = Extract<Data, { kind: 'admin' }>;

export default function OrganisationUsers({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as TeamActionData | undefined;
  if (loaderData.kind === 'none' || loaderData.kind === 'member')
    return <NotAdminPage data={loaderData} tab="users" path={USERS_PATH} answer={answer} />;
  return <AdminPage data={loaderData} answer={answer} />;
}

/** The answer to the form `intent`, shown next to it. */
function Notice({ answer, intents }: { answer: TeamActionData | undefined; intents: string[] }) {
  if (!answer || !intents.includes(answer.intent)) return null;
  return <FormNotice kind={answer.status}>{answer.message}</FormNotice>;
}

function Hidden({ intent, accountId }: { intent: string; accountId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="accountId" value={accountId} />
    </>
  );
}

function AdminPage({ data, answer }: { data: AdminData; answer: TeamActionData | undefined }) {
  const { account, seats } = data;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const here = (extra: Record<string, string>) => `${USERS_PATH}?${new URLSearchParams({ account: account.accountId, ...extra })}`;
  return (
    <AccountLayout
      title={account.title}
      intro={
        <>
          Signed in as {data.email} · {data.roleWords}
        </>
      }
      menu={teamMenu('users', 'admin')}
    >
      <AccountChooser choices={data.choices} current={account.accountId} path={USERS_PATH} />

      <section className="account-section team-section" aria-labelledby="seats-heading">
        <h2 id="seats-heading" className="account-section__title">
          Seats
        </h2>
        <p className="team-figures">
          <span className="team-figures__number">{seats.used}</span>
          <span className="team-figures__of"> of {seats.bought} seats used</span>
          <span className="team-figures__rest">
            {seats.remaining === 0 ? 'No seats left' : `${seats.remaining} ${seats.remaining === 1 ? 'seat' : 'seats'} left to give`}
          </span>
        </p>
        <ul className="team-figures__detail">
          {seats.detail.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {!account.active && <FormNotice kind="error">{`${account.status}: renew the plan to add people.`}</FormNotice>}
      </section>

      <section className="account-section team-section" aria-labelledby="add-heading">
        <h2 id="add-heading" className="account-section__title">
          Add people
        </h2>
        <p className="account-section__intro">
          Someone who already has an account gets their seat at once; anyone else gets an email inviting them to join.
        </p>
        <Notice answer={answer} intents={['add']} />
        {answer?.intent === 'add' && answer.refused && answer.refused.length > 0 && (
          <ul className="team-refused" aria-label="Not added">
            {answer.refused.map((item, index) => (
              <li key={`${item.email}-${index}`}>
                <strong>{item.email || '(empty)'}</strong>: {item.reason}
              </li>
            ))}
          </ul>
        )}
        <Form method="post" encType="multipart/form-data" className="team-form" key={answer?.intent === 'add' ? answer.message : 'add'}>
          <Hidden intent="add" accountId={account.accountId} />
          <div className="field">
            <label className="field__label" htmlFor="team-emails">
              Email addresses
            </label>
            <span className="field__hint" id="team-emails-hint">
              One a line, or separated by commas.
            </span>
            <textarea
              id="team-emails"
              name="emails"
              className="field__input team-form__emails"
              rows={4}
              aria-describedby="team-emails-hint"
              defaultValue={answer?.intent === 'add' ? (answer.values?.emails ?? '') : ''}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="team-csv">
              Or upload a CSV file
            </label>
            <span className="field__hint" id="team-csv-hint">
              One person a line; the email can be in any column (a column named email, or the first).
            </span>
            <input id="team-csv" name="csv" type="file" accept=".csv,text/csv,text/plain" aria-describedby="team-csv-hint" />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="team-add-role">
              Role
            </label>
            <select id="team-add-role" name="role" className="field__input" defaultValue={answer?.values?.role ?? 'USER'}>
              <option value="USER">Member: reads with the team’s membership</option>
              <option value="ADMIN">Admin: also manages people and domains</option>
            </select>
          </div>
          <p>
            <button type="submit" className="button" disabled={busy || !account.active}>
              Add people
            </button>
          </p>
        </Form>
      </section>

      <section className="account-section team-section" aria-labelledby="people-heading">
        <h2 id="people-heading" className="account-section__title">
          People
        </h2>
        {data.removed && <FormNotice kind="success">They are removed: their seat is free again.</FormNotice>}
        <Notice answer={answer} intents={['role', 'remove', 'resend', 'revoke']} />
        {data.toRemove && (
          <Form method="post" className="team-confirm" aria-labelledby="confirm-remove-heading">
            <h3 id="confirm-remove-heading" className="account-panel__title">
              Remove {data.toRemove.name}?
            </h3>
            <p>{data.toRemove.email} loses the team’s membership at once and their seat becomes free. You can add them again later.</p>
            <Hidden intent="remove" accountId={account.accountId} />
            <input type="hidden" name="accountUserId" value={data.toRemove.accountUserId} />
            <p className="cta-row">
              <button type="submit" className="button" disabled={busy}>
                Remove {data.toRemove.name}
              </button>
              <Link to={here({})}>Keep them</Link>
            </p>
          </Form>
        )}
        <Form method="get" className="team-filter" role="search" key={`${data.filter.q}|${data.filter.show}`}>
          <input type="hidden" name="account" value={account.accountId} />
          <div className="field">
            <label className="field__label" htmlFor="team-search">
              Search by name or email
            </label>
            <input id="team-search" name="q" type="search" className="field__input" defaultValue={data.filter.q} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="team-show">
              Show
            </label>
            <select id="team-show" name="show" className="field__input" defaultValue={data.filter.show}>
              <option value="all">Everyone</option>
              <option value="OWNER">Owner</option>
              <option value="ADMIN">Admins</option>
              <option value="USER">Members</option>
              <option value="invited">Invited, not yet joined</option>
            </select>
          </div>
          <p>
            <button type="submit" className="button button--secondary">
              Show
            </button>
          </p>
        </Form>

        {data.filter.show !== 'invited' && <PeopleTable data={data} busy={busy} here={here} />}
        {(data.filter.show === 'invited' || data.filter.show === 'all') && <Invitations data={data} busy={busy} />}
      </section>

      <Domains data={data} answer={answer} busy={busy} />
    </AccountLayout>
  );
}

function PeopleTable({ data, busy, here }: { data: AdminData; busy: boolean; here: (extra: Record<string, string>) => string }) {
  const { people, filter, account } = data;
  if (people.items.length === 0)
    return <p className="account-section__intro">{filter.q ? 'Nobody matches that search.' : 'Nobody here yet.'}</p>;
  const page = (n: number) => here({ ...(filter.q ? { q: filter.q } : {}), show: filter.show, page: String(n) });
  return (
    <>
      <p className="team-muted">
        {people.total} {people.total === 1 ? 'person' : 'people'}
        {people.pages > 1 ? ` · page ${filter.page} of ${people.pages}` : ''}
      </p>
      <table className="team-table">
        <caption className="visually-hidden">People on {account.title}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Added</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {people.items.map((person) => {
            const mayChange = person.role !== 'OWNER' || data.role === 'OWNER';
            return (
              <tr key={person.accountUserId}>
                <td>
                  <span className="team-table__name">
                    {person.name}
                    {person.isYou ? ' (you)' : ''}
                  </span>
                  <span className="team-table__email">{person.email}</span>
                </td>
                <td>
                  {person.isYou || person.role === 'OWNER' || !mayChange ? (
                    person.roleWords
                  ) : (
                    <Form method="post" className="team-role">
                      <Hidden intent="role" accountId={account.accountId} />
                      <input type="hidden" name="accountUserId" value={person.accountUserId} />
                      <label className="visually-hidden" htmlFor={`role-${person.accountUserId}`}>
                        Role of {person.name}
                      </label>
                      <select id={`role-${person.accountUserId}`} name="role" defaultValue={person.role} className="field__input">
                        <option value="USER">Member</option>
                        <option value="ADMIN">Admin</option>
                        {data.role === 'OWNER' && <option value="OWNER">Owner (hand over ownership)</option>}
                      </select>
                      <button type="submit" className="button button--secondary" disabled={busy}>
                        Change
                      </button>
                    </Form>
                  )}
                </td>
                <td>
                  <time dateTime={person.addedDateTime}>{person.added}</time>
                </td>
                <td>
                  {!person.isYou && person.role !== 'OWNER' && (
                    <Link to={here({ remove: person.accountUserId })} aria-label={`Remove ${person.name}`}>
                      Remove
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {people.pages > 1 && (
        <nav className="team-pages" aria-label="Pages of people">
          {filter.page > 1 && <Link to={page(filter.page - 1)}>Previous</Link>}
          {filter.page < people.pages && <Link to={page(filter.page + 1)}>Next</Link>}
        </nav>
      )}
    </>
  );
}

function Invitations({ data, busy }: { data: AdminData; busy: boolean }) {
  const { invitations, account } = data;
  return (
    <div className="team-invitations">
      <h3 className="account-panel__title">Invited, not yet joined</h3>
      {invitations.length === 0 ? (
        <p className="account-section__intro">No invitations waiting.</p>
      ) : (
        <table className="team-table">
          <caption className="visually-hidden">Invitations waiting</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Sent</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation.invitationId}>
                <td>{invitation.email}</td>
                <td>{invitation.roleWords}</td>
                <td>{invitation.sent}</td>
                <td className="team-table__actions">
                  <Form method="post">
                    <Hidden intent="resend" accountId={account.accountId} />
                    <input type="hidden" name="invitationId" value={invitation.invitationId} />
                    <button
                      type="submit"
                      className="link-button"
                      disabled={busy}
                      aria-label={`Resend the invitation to ${invitation.email}`}
                    >
                      Resend
                    </button>
                  </Form>
                  <Form method="post">
                    <Hidden intent="revoke" accountId={account.accountId} />
                    <input type="hidden" name="invitationId" value={invitation.invitationId} />
                    <button
                      type="submit"
                      className="link-button"
                      disabled={busy}
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                    >
                      Revoke
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const DOMAIN_STATES: Record<string, string> = { verified: 'Verified', pending: 'Waiting for the code', disabled: 'Disabled' };

function Domains({ data, answer, busy }: { data: AdminData; answer: TeamActionData | undefined; busy: boolean }) {
  const { domains, account } = data;
  return (
    <section className="account-section team-section" aria-labelledby="domains-heading">
      <h2 id="domains-heading" className="account-section__title">
        Email domains
      </h2>
      <p className="account-section__intro">
        Prove your company owns its email domain, and anyone who confirms an address there joins the team by themselves while bought seats
        remain.
      </p>
      <Notice answer={answer} intents={['domain-add', 'domain-confirm', 'domain-disable']} />
      {domains.length > 0 && (
        <ul className="list-plain team-domains">
          {domains.map((domain) => (
            <li key={domain.domainId} className="team-domains__item">
              <p>
                <strong>{domain.domain}</strong>{' '}
                <span className="team-muted">
                  {DOMAIN_STATES[domain.state]}, since {domain.since}
                </span>
              </p>
              {domain.state === 'pending' && (
                <Form method="post" className="team-inline">
                  <Hidden intent="domain-confirm" accountId={account.accountId} />
                  <input type="hidden" name="domainId" value={domain.domainId} />
                  <label htmlFor={`code-${domain.domainId}`}>Code from the email</label>
                  <input
                    id={`code-${domain.domainId}`}
                    name="code"
                    className="field__input team-inline__code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={12}
                  />
                  <button type="submit" className="button button--secondary" disabled={busy}>
                    Verify {domain.domain}
                  </button>
                </Form>
              )}
              {domain.state === 'verified' && (
                <Form method="post" className="team-inline">
                  <Hidden intent="domain-disable" accountId={account.accountId} />
                  <input type="hidden" name="domainId" value={domain.domainId} />
                  <button type="submit" className="link-button" disabled={busy}>
                    Disable {domain.domain}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="team-inline">
        <Hidden intent="domain-add" accountId={account.accountId} />
        <label htmlFor="domain-address">Your address at the domain</label>
        <input
          id="domain-address"
          name="address"
          type="email"
          className="field__input"
          autoComplete="email"
          placeholder="you@yourcompany.com"
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          Send a code
        </button>
      </Form>
    </section>
  );
}
