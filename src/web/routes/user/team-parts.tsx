// What the team admin's two pages share (/user/organisations/users/ and /memberships/): the account
// menu with the team's entries, the chooser for someone on several organisations, the page for
// someone with no organisation (what team plans are, and a seat waiting for them), and a USER's
// own seat (who administers it).
import { Form, Link, useNavigation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { Fact } from '../../components/fact.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import { AccountLayout, type AccountMenuItem } from '../../components/account-layout.tsx';
import type { NotAdminTeamPage } from './organisations-page.server.ts';
import { formatDay } from '../../../modules/billing/money.ts';

/** The account menu; the team's two pages are listed for someone on an organisation, and its profiles for its OWNER and ADMINs. */
export function teamMenu(current: 'users' | 'memberships', withTeam: boolean | 'admin'): AccountMenuItem[] {
  const account = paths.account();
  return [
    { label: 'Personal details', href: `${account}#details` },
    { label: 'Membership', href: paths.membership() },
    ...(withTeam
      ? [
          { label: 'Team members', href: paths.organisationUsers(), current: current === 'users' },
          { label: 'Team plan', href: paths.organisationMemberships(), current: current === 'memberships' },
          ...(withTeam === 'admin' ? [{ label: 'Organisation profiles', href: paths.organisationProfiles() }] : []),
        ]
      : []),
    { label: 'Following', href: paths.following() },
    { label: 'Sign out', href: paths.logout() },
  ];
}

export interface Choice {
  accountId: string;
  title: string;
  role: string;
}

/** For someone on several organisations: which one the page shows (a plain GET form and links). */
export function AccountChooser({ choices, current, path }: { choices: Choice[]; current: string; path: string }) {
  if (choices.length < 2) return null;
  return (
    <nav className="team-chooser" aria-label="Your organisations">
      <p className="team-chooser__label">Your organisations:</p>
      <ul className="list-plain team-chooser__list">
        {choices.map((choice) => (
          <li key={choice.accountId}>
            <Link
              to={`${path}?${new URLSearchParams({ account: choice.accountId })}`}
              aria-current={choice.accountId === current ? 'page' : undefined}
            >
              {choice.title}
            </Link>{' '}
            <span className="team-muted">({choice.role})</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type Answer = { intent: string; status: 'success' | 'error'; message: string } | undefined;

/** Someone on no organisation: what team plans are, and the seat offered to their address. */
export function NoTeam({ offer, answer }: { offer: { accountId: string; title: string } | null; answer: Answer }) {
  const navigation = useNavigation();
  const claiming = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'claim';
  const claimAnswer = answer?.intent === 'claim' ? answer : undefined;
  return (
    <section className="account-section team-section" aria-labelledby="team-none-heading">
      <h2 id="team-none-heading" className="account-section__title">
        {offer ? 'A seat is waiting for you' : 'You are not on a team plan'}
      </h2>
      {claimAnswer && <FormNotice kind={claimAnswer.status}>{claimAnswer.message}</FormNotice>}
      {offer && claimAnswer?.status !== 'success' && (
        <Form method="post" className="team-offer">
          <p className="team-offer__text">
            <strong>{offer.title}</strong> has given you a seat: join to read everything its team membership includes.
          </p>
          <input type="hidden" name="intent" value="claim" />
          <input type="hidden" name="accountId" value={offer.accountId} />
          <p className="cta-row">
            <button type="submit" className="button" disabled={claiming}>
              {claiming ? 'Joining…' : 'Join'}
            </button>
          </p>
        </Form>
      )}
      {claimAnswer?.status === 'success' ? (
        <p className="cta-row">
          <Link className="button" to={paths.membership()}>
            See your membership
          </Link>
        </p>
      ) : (
        <>
          <p className="account-section__intro">
            A team plan gives everyone in your company Premium access on one invoice: you buy the seats, add your colleagues by email (or
            let anyone with an address at your company’s domain join), and manage who holds them here.
          </p>
          <p className="cta-row">
            <Link className="button" to={paths.groups()}>
              See team plans
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

/** A USER: their seat, and who administers it. */
export function OwnSeat({
  account,
  role,
  since,
  contact,
  answer,
}: {
  account: { title: string; status: string };
  role: string;
  since: string | null;
  contact: { name: string | null; email: string };
  answer: Answer;
}) {
  // Right after joining, the reloaded page already shows the seat: the answer to "Join" goes here.
  const claimAnswer = answer?.intent === 'claim' ? answer : undefined;
  return (
    <section className="account-section team-section" aria-labelledby="team-seat-heading">
      <h2 id="team-seat-heading" className="account-section__title">
        Your seat
      </h2>
      {claimAnswer && <FormNotice kind={claimAnswer.status}>{claimAnswer.message}</FormNotice>}
      <dl className="membership-facts">
        <Fact term="Organisation">{account.title}</Fact>
        <Fact term="Your role">{role}</Fact>
        <Fact term="Membership">{account.status}</Fact>
        <Fact term="Since">{since ? formatDay(since) : null}</Fact>
      </dl>
      <p className="account-section__intro">
        Your seat is managed by your organisation’s administrators. To change it, ask {contact.name ? `${contact.name} at ` : ''}
        <a href={`mailto:${contact.email}`}>{contact.email}</a>.
      </p>
    </section>
  );
}

/** A team page for someone who administers no team: no team yet (any seat waiting), or their own seat. */
export function NotAdminPage({
  data,
  tab,
  path,
  answer,
}: {
  data: NotAdminTeamPage;
  tab: 'users' | 'memberships';
  path: string;
  answer: Answer;
}) {
  if (data.kind === 'none') {
    return (
      <AccountLayout title="Your team" intro={<>Signed in as {data.email}</>} menu={teamMenu(tab, false)}>
        <NoTeam offer={data.offer} answer={answer} />
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title={data.account.title} intro={<>Signed in as {data.email}</>} menu={teamMenu(tab, true)}>
      <AccountChooser choices={data.choices} current={data.account.accountId} path={path} />
      <OwnSeat account={data.account} role={data.role} since={data.since} contact={data.contact} answer={answer} />
    </AccountLayout>
  );
}
