// /newsletters/signup/: where every newsletter sign-up form posts (stories, topics, the footer), and
// a page of its own. A form sent with JavaScript (a fetcher, `answer=data`) gets data back and shows
// it in place; a plain form post is answered here: errors beside the field, or a redirect to
// ?sent=… (post, redirect, get). The page names no one, so it may be shared like any page.
import { data, Link, redirect } from 'react-router';
import { PLACEMENTS, type Placement } from '../../modules/newsletters/newsletter-words.ts';
import { paths } from '../../shared/paths.ts';
import { AuthPage } from '../components/auth-page.tsx';
import { FormNotice } from '../components/form-fields.tsx';
import { NewsletterSignup, type SignupAnswer } from '../components/newsletter-signup.tsx';
import { rootDataFromMatches } from '../lib/root-data.ts';
import { socialMeta } from '../lib/seo.ts';
import type { Route } from './+types/newsletters-signup';
import { newsletterReader } from './newsletter-offer.server.ts';

const PATH = '/newsletters/signup/';

export async function loader({ request, context }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get('sent');
  const offered = await context.services.newsletters.offered();
  return {
    sent: sent === 'subscribed' || sent === 'confirmation-sent' ? sent : null,
    newsletters: offered.map((n) => ({ id: n.newsletterId, title: n.title })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const wantsData = form.get('answer') === 'data';
  const placement = String(form.get('placement') ?? '');
  const result = await context.services.newsletters.subscribeEmail({
    email: form.get('email') ?? '',
    newsletterIds: form.getAll('newsletterIds').map(String),
    sourcePath: form.get('sourcePath') ?? PATH,
    placement: (PLACEMENTS as readonly string[]).includes(placement) ? (placement as Placement) : 'signup-page',
    honeypot: form.get('website'),
    reader: newsletterReader(context.user),
    clientAddress: context.clientAddress,
  });
  if (!result.ok) {
    if (result.reason === 'rate_limited')
      return data<SignupAnswer>(
        { ok: false, message: result.message },
        { status: 429, headers: { 'retry-after': String(result.retryAfterSeconds) } },
      );
    return data<SignupAnswer>({ ok: false, fieldErrors: result.fieldErrors }, { status: 400 });
  }
  if (wantsData) return data<SignupAnswer>({ ok: true, outcome: result.outcome, newsletterIds: result.newsletterIds });
  throw redirect(`${PATH}?sent=${result.outcome}`);
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('retry-after') ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Newsletters',
    description: 'The news that matters to the fashion industry, by email.',
    url: `${root.config.siteUrl}${PATH}`,
    productName: root.config.productName,
  });
};

export default function NewsletterSignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, newsletters } = loaderData;
  if (sent) {
    return (
      <AuthPage kicker="Newsletters" title={sent === 'subscribed' ? 'You are signed up' : 'Check your inbox'}>
        <FormNotice kind="success">
          {sent === 'subscribed'
            ? 'Your newsletters start with the next edition.'
            : 'We sent you a link to confirm your sign-up. Nothing arrives until you confirm.'}
        </FormNotice>
        <p>
          <Link to={paths.home()}>Back to the latest stories</Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <div className="wrap wrap--narrow newsletters-page">
      {actionData && !actionData.ok && (
        <FormNotice kind="error">
          {actionData.message ?? actionData.fieldErrors?.map((e) => e.message).join(' ') ?? 'Your sign-up was not sent.'}
        </FormNotice>
      )}
      <NewsletterSignup
        placement="signup-page"
        newsletters={newsletters}
        sourcePath={PATH}
        title="Our newsletters"
        intro="The most important business news of the fashion and beauty industries, every weekday morning, and the week ahead every Sunday."
      />
    </div>
  );
}
