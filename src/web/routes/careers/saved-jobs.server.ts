// Saving jobs (issue 18): the action the Save buttons on organisation profiles and the Remove
// buttons on /careers/your-jobs/ post to. A plain form POST before JavaScript (the answer is the
// saved-jobs page with a notice), a fetcher after (the button turns at once). Both idempotent.
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { savedJobKey } from '../../../modules/careers/saved-job-key.ts';
import { paths } from '../../../shared/paths.ts';
import { refusalMessage } from '../../lib/refusal.ts';
import { withReturnTo } from '../user/user-paths.ts';
import { absoluteSiteUrl } from '../user/identity.server.ts';

export type SaveJobActionData =
  { ok: true; intent: 'save' | 'remove'; profileId: string; jobId: string; message: string } | { ok: false; message: string };

const intentSchema = z.enum(['save', 'remove']);

export async function savedJobsAction({ request, context }: { request: Request; context: AppLoadContext }) {
  if (!context.user) throw redirect(withReturnTo(paths.login(), absoluteSiteUrl(context.config, paths.yourJobs())));
  const form = Object.fromEntries(await request.formData());
  const intent = intentSchema.safeParse(form.intent);
  if (!intent.success) return data<SaveJobActionData>({ ok: false, message: 'Choose Save or Remove.' }, { status: 400 });
  const { careers } = context.services;
  try {
    const ref = intent.data === 'save' ? await careers.saveJob(context.user.id, form) : await careers.removeJob(context.user.id, form);
    const title = typeof form.title === 'string' ? form.title.slice(0, 200) : 'The job';
    return data<SaveJobActionData>({
      ok: true,
      intent: intent.data,
      ...ref,
      message: intent.data === 'save' ? `${title} is saved.` : `${title} is removed from your saved jobs.`,
    });
  } catch (error) {
    return data<SaveJobActionData>({ ok: false, message: refusalMessage(error) }, { status: 400 });
  }
}

/** The saved-jobs page: the reader's saved jobs as their organisations list them now. */
export async function savedJobsLoader({ context }: { context: AppLoadContext }) {
  if (!context.user) throw redirect(withReturnTo(paths.login(), absoluteSiteUrl(context.config, paths.yourJobs())));
  const saved = await context.services.careers.savedJobs(context.user.id);
  return {
    jobs: saved.map((item) => ({
      key: savedJobKey(item),
      profileId: item.profileId,
      jobId: item.jobId,
      savedAt: item.savedAt.toISOString(),
      organisation: item.organisation,
      job: item.job,
    })),
  };
}
