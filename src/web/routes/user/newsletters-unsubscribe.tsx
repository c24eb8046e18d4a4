// /user/newsletters/unsubscribe/?t=…: where the "Unsubscribe" link at the foot of an issue leads
// (decision 048). No sign-in: the link's signed token names one reader's subscription. Opening it
// changes nothing (mail scanners open links); its one button POSTs, and that unsubscribes and
// records the consent withdrawn. Mail clients' own button posts to the one-click address instead.
import { Form, Link, useNavigation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import type { Route } from './+types/newsletters-unsubscribe';
import { userPageMeta } from './user-meta.ts';

const PATH = '/user/newsletters/unsubscribe/';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('t') ?? '';
  const target = await context.services.newsletters.issues.linkTarget(token);
  return { token: target ? token : null, newsletterTitle: target?.newsletterTitle ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await context.services.newsletters.issues.unsubscribe(form.get('t'));
  return result.ok ? { ok: true as const, newsletterTitle: result.newsletterTitle } : { ok: false as const };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Unsubscribe from a newsletter', description: 'Unsubscribe from a newsletter.', path: PATH });

export default function UnsubscribeNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (actionData?.ok)
    return (
      <AuthPage kicker="Newsletters" title="You are unsubscribed">
        <FormNotice kind="success">{actionData.newsletterTitle} will not be sent to you again.</FormNotice>
        <p>
          Changed your mind, or want others? <Link to={paths.newsletters()}>Choose your newsletters</Link>.
        </p>
      </AuthPage>
    );
  const { token, newsletterTitle } = loaderData;
  return (
    <AuthPage kicker="Newsletters" title={newsletterTitle ? `Unsubscribe from ${newsletterTitle}` : 'Unsubscribe'}>
      {actionData && !actionData.ok && <FormNotice kind="error">This unsubscribe link is not valid.</FormNotice>}
      {token ? (
        <Form method="post" className="flow-form">
          <input type="hidden" name="t" value={token} />
          <p>One click and it stops. Your other newsletters are not changed.</p>
          <div className="flow-form__actions">
            <button type="submit" className="button flow-form__submit" disabled={busy}>
              {busy ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </div>
        </Form>
      ) : (
        <FormNotice kind="error">
          This unsubscribe link is not complete. Open it from the email again, or choose your newsletters on the{' '}
          <Link to={paths.newsletters()}>newsletters page</Link>.
        </FormNotice>
      )}
    </AuthPage>
  );
}
