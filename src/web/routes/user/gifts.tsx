// The member's gift links (modules/gifts): each story shared, when, until when the link opens it,
// how many people opened it, and a button to revoke a live one; this month's allowance above.
import { Link, useFetcher } from 'react-router';
import { giftAction, giftsPage } from '../gift-action.server.ts';
import { GIFTS_PAGE_PATH, quotaSentence, type GiftActionData, type GiftSummary } from '../../../modules/gifts/gift-rules.ts';
import { paths } from '../../../shared/paths.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { CopyLinkButton } from '../../components/gift-dialog.tsx';
import { formatDate } from '../../lib/format.ts';
import type { Route } from './+types/gifts';
import { requireSignedIn } from './details.server.ts';
import { userPageMeta } from './user-meta.ts';

const PATH = GIFTS_PAGE_PATH;

export async function loader(args: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(args, PATH);
  return giftsPage(args, signedIn.session.identityId);
}

export function action(args: Route.ActionArgs) {
  return giftAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Gift links',
    description: 'The stories you have shared with gift links, and how many people opened them.',
    path: PATH,
  });

export default function Gifts({ loaderData }: Route.ComponentProps) {
  const { gifts, quota, canCreate } = loaderData;
  return (
    <AccountLayout
      title="Gift links"
      intro="Stories you have shared with gift links. Anyone with a link can read the story in full until it expires."
      menu={[
        { label: 'Your account', href: paths.account() },
        { label: 'Following', href: paths.following() },
        { label: 'Gift links', href: PATH, current: true },
        { label: 'Sign out', href: paths.logout() },
      ]}
    >
      <section className="account-section gifts-section" aria-labelledby="gifts-allowance">
        <h2 id="gifts-allowance" className="account-section__title">
          This month
        </h2>
        {canCreate ? (
          <>
            <p className="account-section__intro">{quotaSentence(quota)}</p>
            <p className="account-panel__text">To share a story, use “Share this story” at the top of any story page.</p>
          </>
        ) : (
          <p className="account-section__intro">
            Gift links are a membership benefit. <Link to={paths.packages()}>See membership options</Link>
          </p>
        )}
      </section>

      <section className="account-section gifts-section gifts-section--wide" aria-labelledby="gifts-list">
        <h2 id="gifts-list" className="account-section__title">
          Your gift links
        </h2>
        {gifts.length === 0 ? (
          <p className="account-section__intro">You have not shared any stories yet.</p>
        ) : (
          <table className="gifts-table">
            <caption className="visually-hidden">Your gift links, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Story</th>
                <th scope="col">Shared</th>
                <th scope="col">Link</th>
                <th scope="col">Opened by</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {gifts.map((gift) => (
                <GiftRow key={gift.giftId} gift={gift} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </AccountLayout>
  );
}

function GiftRow({ gift }: { gift: GiftSummary }) {
  const fetcher = useFetcher<GiftActionData>();
  const revoking = fetcher.state !== 'idle';
  const status = revoking ? 'revoked' : gift.status;
  const headline = gift.story?.headline ?? 'A story no longer published';
  const problem = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <tr className={`gifts-table__row gifts-table__row--${status}`}>
      <th scope="row" className="gifts-table__story">
        {gift.story ? <Link to={paths.story(gift.story.slug)}>{headline}</Link> : headline}
      </th>
      <td data-label="Shared">
        <time dateTime={gift.createdAt}>{formatDate(gift.createdAt)}</time>
      </td>
      <td data-label="Link">
        {status === 'active' ? (
          <>
            Open until <time dateTime={gift.expiresAt}>{formatDate(gift.expiresAt)}</time>
          </>
        ) : status === 'revoked' ? (
          gift.revokedAt ? (
            <>
              Revoked on <time dateTime={gift.revokedAt}>{formatDate(gift.revokedAt)}</time>
            </>
          ) : (
            'Revoked'
          )
        ) : (
          <>
            Expired on <time dateTime={gift.expiresAt}>{formatDate(gift.expiresAt)}</time>
          </>
        )}
      </td>
      <td data-label="Opened by" className="gifts-table__count">
        {gift.redemptionCount === 1 ? '1 person' : `${gift.redemptionCount} people`}
      </td>
      <td>
        <div className="gifts-table__actions">
          {status === 'active' && gift.url && (
            <>
              <CopyLinkButton text={gift.url} label={`for ${headline}`} />
              <fetcher.Form method="post" action={GIFTS_PAGE_PATH}>
                <input type="hidden" name="giftId" value={gift.giftId} />
                <button type="submit" name="intent" value="revoke" className="button button--secondary button--small">
                  Revoke<span className="visually-hidden">{` the gift link for ${headline}`}</span>
                </button>
              </fetcher.Form>
            </>
          )}
        </div>
        {problem && (
          <p className="form-message form-message--error" role="alert">
            {problem}
          </p>
        )}
      </td>
    </tr>
  );
}
