// The billing module (issue 7): the provider the config names, subscriptions, their lifecycle jobs,
// cancellation with a retention offer, upgrades with a proration preview, team plans for organisations
// (issue 17), and the sandbox's own routes.
import type { Config } from '../../config/config.ts';
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { People } from '../identity/people.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { MembershipsService } from '../memberships/memberships-service.ts';
import type { StudentsService } from '../students/students-service.ts';
import { createCancellationService } from './cancellation.ts';
import { createLifecycle } from './lifecycle.ts';
import { createOrganisationBilling } from './organisation-billing.ts';
import type { OrganisationSeatsPort } from './organisation-purchase.ts';
import { errorReporter } from './paid-purchase.ts';
import { unconfiguredProvider, type BillingProvider } from './provider.ts';
import { recurlyBrowserSettings } from './recurly-browser.ts';
import { createRecurlyProvider } from './recurly-provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';
import { registerSandboxBillingRoutes } from './sandbox-routes.ts';
import { createBillingService } from './subscriptions-service.ts';
import { createTicketBilling } from './ticket-billing.ts';
import type { EventTicketsPort } from './ticket-purchase.ts';
import { createUpgrades } from './upgrades.ts';
import { paths } from '../../shared/paths.ts';

export interface BillingModuleDeps extends Pick<ModuleDeps, 'db' | 'config' | 'log'> {
  /** The lifecycle registers its job kinds (trial end, period end) here. */
  jobs: Pick<JobRunner, 'enqueue' | 'register'>;
  memberships: MembershipsService;
  mail: Pick<MailService, 'send'>;
  students: Pick<StudentsService, 'isVerifiedStudent'>;
  people: Pick<People, 'get'>;
  /** Team plans: the organisation a purchase opens, its seats and its term (the organisations module). */
  organisations: OrganisationSeatsPort;
  /** Event tickets: their seats and the tickets a payment issues (the events module). */
  events: EventTicketsPort;
}

/** The embedded sandbox provider, or Recurly when its private key is configured; otherwise one that refuses every charge. */
function providerFor(config: Config, db: ModuleDeps['db']): { provider: BillingProvider; sandbox: SandboxProvider | null } {
  if (config.keys.billing === 'sandbox') {
    const sandbox = createSandboxProvider({ db });
    return { provider: sandbox, sandbox };
  }
  const provider = config.billing.privateKey
    ? createRecurlyProvider({ privateKey: config.billing.privateKey, apiUrl: config.billing.apiUrl })
    : unconfiguredProvider(config.keys.billing);
  return { provider, sandbox: null };
}

export function createBillingModule({
  db,
  config,
  log,
  jobs,
  memberships,
  mail,
  students,
  people,
  organisations,
  events,
}: BillingModuleDeps) {
  const { provider, sandbox } = providerFor(config, db);
  const siteUrl = config.siteUrl;
  const emailOf = async (identityId: string) => (await people.get(identityId))?.email ?? null;
  const lifecycle = createLifecycle({
    db,
    jobs,
    provider,
    memberships,
    mail,
    siteUrl,
    log,
    personOf: (identityId) => people.get(identityId),
    organisations,
  });
  const subscriptions = createBillingService({
    db,
    provider,
    memberships,
    mail,
    siteUrl,
    lifecycle,
    isVerifiedStudent: students.isVerifiedStudent,
    personOf: (identityId) => people.get(identityId),
    log,
  });
  const service = {
    ...subscriptions,
    sandbox,
    /** What the payment pages need to draw Recurly's card fields (public key, Recurly.js), or null. */
    recurly: recurlyBrowserSettings(config),
    lifecycle,
    /** Team plans (issue 17): buying seats for an organisation, and its billing for the team's pages. */
    organisations: createOrganisationBilling({
      db,
      provider,
      organisations,
      mail,
      siteUrl,
      lifecycle,
      log,
      personOf: (identityId) => people.get(identityId),
    }),
    /** Event tickets (issue 21): buying them, and a site admin's refund. */
    tickets: createTicketBilling({
      db,
      provider,
      events,
      memberships,
      mail,
      siteUrl,
      ticketsPath: paths.yourTickets(),
      log,
      personOf: (identityId) => people.get(identityId),
    }),
    cancellation: createCancellationService({ db, memberships, mail, siteUrl, emailOf, onError: errorReporter({ log }) }),
    upgrades: createUpgrades({ db, provider, memberships, mail, siteUrl, lifecycle, emailOf, log }),
  };
  return {
    name: 'billing',
    service,
    routes: sandbox
      ? async (app) => registerSandboxBillingRoutes(app, { sandbox, walletMerchantId: config.keys.walletMerchantId })
      : undefined,
  } satisfies AppModule<typeof service>;
}

export type BillingModuleService = ReturnType<typeof createBillingModule>['service'];
