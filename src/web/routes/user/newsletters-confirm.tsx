// /user/newsletters/confirm/?signup=…&token=…: the page the double opt-in email links to. Opening it
// confirms nothing (mail scanners open every link): it shows one button whose form POSTs the link's
// id and token, and only that POST confirms (decision 045, as decision 010 does for sign-in links).
import { Form, Link, useNavigation } from 'react-router';
import { confirmationSchema } from '../../../modules/newsletters/newsletter-input.ts';
import { paths } from '../../../shared/paths.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import { useSessionUser } from '../../lib/session.ts';
import type { Route } from './+types/newsletters-confirm';
import { absoluteSiteUrl } from './identity.server.ts';
import { userPageMeta } from './user-meta.ts';
import { withReturnTo } from './user-paths.ts';

const PATH = '/user/newsletters/confirm/';

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const parsed = confirmationSchema.safeParse({ signupId: query.get('signup'), token: query.get('token') });
  return { link: parsed.success ? parsed.data : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await context.services.newsletters.confirmSignup({ signupId: form.get('signup'), token: form.get('token') });
  if (!result.ok) return { ok: false as const, message: result.message };
  return {
    ok: true as const,
    email: result.email,
    titles: result.newsletters.map((n) => n.title),
    alreadyConfirmed: result.alreadyConfirmed,
    // A new account comes back to one-more-step's newsletters step.
    registerHref: withReturnTo(paths.register(), absoluteSiteUrl(context.config, '/user/one-more-step/?flow=newsletters')),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Confirm your newsletter sign-up', description: 'Confirm your newsletter sign-up.', path: PATH });

export default function ConfirmNewsletters({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const user = useSessionUser();
  if (actionData?.ok) {
    return (
      <AuthPage kicker="Newsletters" title={actionData.alreadyConfirmed ? 'Already confirmed' : 'You are signed up'}>
        <FormNotice kind="success">
          {actionData.titles.join(', ')} will arrive at {actionData.email}.
        </FormNotice>
        {user?.isLoggedIn ? (
          <p>
            <Link to={paths.newsletters()}>Choose more newsletters</Link>
          </p>
        ) : (
          <p>
            <Link to={actionData.registerHref} className="button">
              Create a free account
            </Link>{' '}
            to choose more newsletters and follow the topics you read. Register with {actionData.email} and these newsletters come with you.
          </p>
        )}
        <p>
          <Link to={paths.home()}>Read the latest stories</Link>
        </p>
      </AuthPage>
    );
  }
  const link = loaderData.link;
  return (
    <AuthPage kicker="Newsletters" title="Confirm your sign-up" standfirst="One click and your newsletters start arriving.">
      {actionData && !actionData.ok && <FormNotice kind="error">{actionData.message}</FormNotice>}
      {link ? (
        <Form method="post" className="flow-form">
          <input type="hidden" name="signup" value={link.signupId} />
          <input type="hidden" name="token" value={link.token} />
          <div className="flow-form__actions">
            <button type="submit" className="button flow-form__submit" disabled={busy}>
              {busy ? 'Confirming…' : 'Confirm my sign-up'}
            </button>
          </div>
        </Form>
      ) : (
        <FormNotice kind="error">
          This confirmation link is not complete. Open the link from the email again, or sign up once more at the end of any story.
        </FormNotice>
      )}
    </AuthPage>
  );
}
