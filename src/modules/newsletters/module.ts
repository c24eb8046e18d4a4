// The newsletters module: the catalogue, subscriptions with their consent records, double opt-in
// (its reminder job), and a claims source that gives an account the subscriptions confirmed for its
// address before it existed. It adds no claim: minting tokens is where a confirmed address is seen.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { People } from '../identity/people.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { ClaimsContribution } from '../session/module.ts';
import { createNewslettersService, REMIND_JOB, type NewslettersService } from './newsletters-service.ts';

export interface NewslettersModuleDeps extends Pick<ModuleDeps, 'db' | 'config' | 'log' | 'limits' | 'secret'> {
  mail: Pick<MailService, 'send'>;
  jobs: Pick<JobRunner, 'enqueue' | 'register'>;
  people: Pick<People, 'get'>;
}

export function createNewslettersModule({
  db,
  config,
  log,
  limits,
  secret,
  mail,
  jobs,
  people,
}: NewslettersModuleDeps): AppModule<NewslettersService> & ClaimsContribution {
  const service = createNewslettersService({ db, mail, jobs, limits, secret, siteUrl: config.siteUrl, log });
  jobs.register(REMIND_JOB, async (payload) => {
    if (typeof payload.id === 'string') await service.remind(payload.id);
  });
  return {
    name: 'newsletters',
    service,
    claims: {
      // Signing in never fails for this module's sake: logged, and the next mint tries again.
      async claimsFor(identityId) {
        try {
          const person = await people.get(identityId);
          if (person?.emailVerified && person.userId) await service.adoptSubscriptions({ userId: person.userId, email: person.email });
        } catch (error) {
          log.error({ err: error, identityId }, 'newsletter subscriptions could not be moved to the account');
        }
        return {};
      },
    },
  };
}
