// /user/newsletters/ (§2): the preference centre. Every newsletter the reader may have, by group
// (DAILY, PERSONALISED, WEEKLY), with what it is and how often, one switch each, and "unsubscribe
// from all". Without JavaScript it is one form with a Save button; with it, each switch saves as it
// is flipped. Who may have which newsletter is the newsletters module's rule (audience.ts).
import { useEffect } from 'react';
import { data, Form, Link, redirect, useFetcher, useNavigation } from 'react-router';
import { AUDIENCE_LABELS } from '../../../modules/newsletters/audience.ts';
import { GROUP_LABELS, NEWSLETTER_GROUPS, UNSUBSCRIBE_ALL_TEXT } from '../../../modules/newsletters/newsletter-words.ts';
import { paths } from '../../../shared/paths.ts';
import { trackEvent } from '../../analytics/analytics.ts';
import { AccountLayout } from '../../components/account-layout.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import type { Route } from './+types/newsletters';
import { newsletterReader } from '../newsletter-offer.server.ts';
import { absoluteSiteUrl } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';
import { withReturnTo } from './user-paths.ts';

const PATH = '/user/newsletters/';

export async function loader({ context }: Route.LoaderArgs) {
  const reader = newsletterReader(context.user);
  if (!reader || !context.user) throw redirect(withReturnTo(paths.login(), absoluteSiteUrl(context.config, PATH)));
  const { newsletters } = context.services;
  const [subscriptions, all] = await Promise.all([newsletters.subscriptionsOf(reader), newsletters.catalogue()]);
  const listed = new Set(subscriptions.map((s) => s.newsletter.newsletterId));
  return {
    emailVerified: context.user.isEmailVerified,
    subscriptions: subscriptions.map(({ newsletter: n, status, available }) => ({
      id: n.newsletterId,
      title: n.title,
      description: n.description,
      frequency: n.frequency,
      author: n.author,
      group: n.newsletterGroup,
      subscribed: status === 'subscribed',
      available,
    })),
    // What a membership would add: named, so the reader knows they exist.
    withMembership: all
      .filter((n) => !listed.has(n.newsletterId))
      .map((n) => ({ id: n.newsletterId, title: n.title, audience: AUDIENCE_LABELS[n.audience] })),
  };
}

type ActionAnswer = { ok: true; intent: string; subscribedIds: string[] } | { ok: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const reader = newsletterReader(context.user);
  if (!reader) throw redirect(withReturnTo(paths.login(), absoluteSiteUrl(context.config, PATH)));
  const { newsletters } = context.services;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  if (intent === 'unsubscribe-all') {
    await newsletters.unsubscribeAll({ reader, sourcePath: PATH });
    return data<ActionAnswer>({ ok: true, intent, subscribedIds: [] });
  }
  let changes: { newsletterId: string; status: 'subscribed' | 'unsubscribed' }[];
  if (intent === 'set') {
    // One switch (JavaScript): its newsletter and its new state.
    changes = [
      { newsletterId: String(form.get('newsletterId') ?? ''), status: form.get('status') === 'subscribed' ? 'subscribed' : 'unsubscribed' },
    ];
  } else {
    // The whole form (no JavaScript): every switch shown, ticked or not.
    const ticked = new Set(form.getAll('subscribed').map(String));
    const current = new Map((await newsletters.subscriptionsOf(reader)).map((s) => [s.newsletter.newsletterId, s.status]));
    changes = form
      .getAll('shown')
      .map(String)
      .filter((id) => ticked.has(id) !== (current.get(id) === 'subscribed'))
      .map((id) => ({ newsletterId: id, status: ticked.has(id) ? ('subscribed' as const) : ('unsubscribed' as const) }));
    if (changes.length === 0)
      return data<ActionAnswer>({ ok: true, intent, subscribedIds: subscribedOf(await newsletters.subscriptionsOf(reader)) });
  }
  const result = await newsletters.updatePreferences({ reader, subscriptions: changes, sourcePath: PATH, placement: 'preferences' });
  if (!result.ok) return data<ActionAnswer>({ ok: false, message: result.fieldErrors[0]?.message ?? 'Your choices were not saved.' }, 400);
  return data<ActionAnswer>({ ok: true, intent, subscribedIds: subscribedOf(result.subscriptions) });
}

function subscribedOf(list: { status: string; newsletter: { newsletterId: string } }[]): string[] {
  return list.filter((s) => s.status === 'subscribed').map((s) => s.newsletter.newsletterId);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Newsletters', description: 'Choose the newsletters you receive by email.', path: PATH });

type Entry = Route.ComponentProps['loaderData']['subscriptions'][number];

/** One newsletter's switch. With JavaScript it saves on its own; without, the form's Save sends it. */
function NewsletterSwitch({ entry, disabled, canSubscribe }: { entry: Entry; disabled: boolean; canSubscribe: boolean }) {
  const fetcher = useFetcher<ActionAnswer>();
  const pending = fetcher.formData ? fetcher.formData.get('status') === 'subscribed' : null;
  const checked = pending ?? entry.subscribed;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) trackEvent('user_submit_newsletter_preferences', { newsletterIds: answer.subscribedIds });
  }, [answer]);
  const id = `newsletter-${entry.id}`;
  return (
    <li className="newsletter">
      <div className="newsletter__text">
        <h3 className="newsletter__title" id={`${id}-title`}>
          {entry.title}
        </h3>
        <p className="newsletter__meta">
          {entry.frequency} · by {entry.author}
        </p>
        <p className="newsletter__description" id={`${id}-description`}>
          {entry.description}
        </p>
        {answer && !answer.ok && <p className="field__message field__message--error">{answer.message}</p>}
      </div>
      <label className="switch" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          name="subscribed"
          value={entry.id}
          checked={checked}
          disabled={disabled || (!checked && (!entry.available || !canSubscribe))}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-description`}
          onChange={(event) =>
            fetcher.submit(
              { intent: 'set', newsletterId: entry.id, status: event.currentTarget.checked ? 'subscribed' : 'unsubscribed' },
              { method: 'post' },
            )
          }
        />
        <span className="switch__track" aria-hidden="true" />
        <span className="switch__state" aria-hidden="true">
          {checked ? 'On' : 'Off'}
        </span>
      </label>
      <input type="hidden" name="shown" value={entry.id} />
    </li>
  );
}

export default function Newsletters({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriptions, withMembership, emailVerified } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  // Before hydration (or without JavaScript) the Save button sends the switches; after, each saves itself.
  const hydrated = useHydrated();
  const anySubscribed = subscriptions.some((s) => s.subscribed);
  return (
    <AccountLayout
      title="Newsletters"
      intro="Choose what arrives in your inbox. Changes are saved at once, and every email has a link to unsubscribe."
      menu={[
        { label: 'Your account', href: paths.account() },
        { label: 'Following', href: paths.following() },
        { label: 'Newsletters', href: PATH, current: true },
        { label: 'Sign out', href: paths.logout() },
      ]}
    >
      {!emailVerified && (
        <FormNotice kind="error">
          Confirm your email address to subscribe: <Link to="/user/confirm-email">confirm it now</Link>. You can unsubscribe at any time.
        </FormNotice>
      )}
      {actionData?.ok && actionData.intent !== 'set' && (
        <FormNotice kind="success">
          {actionData.intent === 'unsubscribe-all' ? 'You are unsubscribed from every newsletter.' : 'Your choices are saved.'}
        </FormNotice>
      )}
      {actionData && !actionData.ok && <FormNotice kind="error">{actionData.message}</FormNotice>}
      <Form method="post" className="newsletters-form" aria-label="Your newsletters">
        {NEWSLETTER_GROUPS.map((group) => {
          const entries = subscriptions.filter((s) => s.group === group);
          if (entries.length === 0) return null;
          return (
            <section key={group} className="account-section" aria-labelledby={`group-${group}`}>
              <h2 id={`group-${group}`} className="account-section__title">
                {GROUP_LABELS[group].title}
              </h2>
              <p className="account-section__intro">{GROUP_LABELS[group].intro}</p>
              <ul className="list-plain newsletters">
                {entries.map((entry) => (
                  <NewsletterSwitch key={entry.id} entry={entry} disabled={busy} canSubscribe={emailVerified} />
                ))}
              </ul>
            </section>
          );
        })}
        {!hydrated && (
          <div className="flow-form__actions">
            <button type="submit" name="intent" value="save" className="button">
              Save choices
            </button>
          </div>
        )}
      </Form>
      {withMembership.length > 0 && (
        <section className="account-section" aria-labelledby="with-membership">
          <h2 id="with-membership" className="account-section__title">
            With a membership
          </h2>
          <ul className="list-plain newsletters-more">
            {withMembership.map((n) => (
              <li key={n.id}>
                <strong>{n.title}</strong> · {n.audience}
              </li>
            ))}
          </ul>
          <p>
            <Link to={paths.packages()}>See the memberships</Link>
          </p>
        </section>
      )}
      <section className="account-section" aria-labelledby="unsubscribe-all">
        <h2 id="unsubscribe-all" className="account-section__title">
          Stop every newsletter
        </h2>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="unsubscribe-all"
            className="button button--secondary"
            disabled={busy || !anySubscribed}
          >
            {UNSUBSCRIBE_ALL_TEXT}
          </button>
        </Form>
        <p className="note">Emails about your account and membership still arrive: they are not newsletters.</p>
      </section>
    </AccountLayout>
  );
}
