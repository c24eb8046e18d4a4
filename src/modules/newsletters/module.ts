// The newsletters module: the catalogue, subscriptions with their consent records, double opt-in
// (its reminder job), and a claims source that gives an account the subscriptions confirmed for its
// address before it existed. It adds no claim: minting tokens is where a confirmed address is seen.
// Sending issues (decision 048): the issues service, its job, and the routes mail clients and
// providers call (one-click unsubscribe, story links, bounces).
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { People } from '../identity/people.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { ClaimsContribution } from '../session/module.ts';
import type { ClaimsSource } from '../session/claims-source.ts';
import { registerIssueRoutes } from './issue-routes.ts';
import { createIssuesService, SEND_JOB, type IssuesService, type IssuesServiceDeps } from './issues-service.ts';
import { createNewslettersService, REMIND_JOB, type NewslettersService } from './newsletters-service.ts';

export interface NewslettersModuleDeps extends Pick<ModuleDeps, 'db' | 'config' | 'log' | 'limits' | 'secret'> {
  mail: Pick<MailService, 'send' | 'deliverBulk'>;
  jobs: Pick<JobRunner, 'enqueue' | 'register'>;
  people: Pick<People, 'get' | 'findByUserId'>;
  /** The membership facts of an account (memberships' claims source). */
  memberships: ClaimsSource;
  content: IssuesServiceDeps['content'];
  walls: IssuesServiceDeps['walls'];
  follows: IssuesServiceDeps['follows'];
}

export type NewslettersModuleService = NewslettersService & { issues: IssuesService };

export function createNewslettersModule({
  db,
  config,
  log,
  limits,
  secret,
  mail,
  jobs,
  people,
  memberships,
  content,
  walls,
  follows,
}: NewslettersModuleDeps): AppModule<NewslettersModuleService> & ClaimsContribution {
  const subscriptions = createNewslettersService({ db, mail, jobs, limits, secret, siteUrl: config.siteUrl, log });
  const issues = createIssuesService({
    db,
    mail,
    jobs,
    content,
    walls,
    follows,
    subscriptions,
    secret,
    siteUrl: config.siteUrl,
    productName: config.productName,
    log,
    accounts: {
      async readerOf(userId) {
        const person = await people.findByUserId(userId);
        if (!person?.active) return null;
        const claims = await memberships.claimsFor(person.identityId);
        return {
          email: person.email,
          emailVerified: person.emailVerified,
          isSiteAdmin: person.isSiteAdmin,
          membershipLevel: typeof claims.membershipLevel === 'string' ? claims.membershipLevel : 'None',
          membershipType: typeof claims.membershipType === 'string' ? claims.membershipType : 'None',
        };
      },
    },
  });
  const service: NewslettersModuleService = Object.assign(subscriptions, { issues });
  jobs.register(REMIND_JOB, async (payload) => {
    if (typeof payload.id === 'string') await service.remind(payload.id);
  });
  jobs.register(SEND_JOB, async (payload) => {
    if (typeof payload.issueId === 'string') await issues.runSend(payload.issueId);
  });
  return {
    name: 'newsletters',
    service,
    routes: (app) => registerIssueRoutes(app, { issues, limits }),
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
