// The modules, built once per process in dependency order (decision 029), and the services every
// transport (pages, GraphQL, tRPC) calls. A new module is one line here; app.ts mounts its routes.
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../demo/accounts.ts';
import { createAccountsModule } from '../modules/accounts/module.ts';
import { createAnswersModule } from '../modules/answers/module.ts';
import { createAnalyticsModule } from '../modules/analytics/module.ts';
import { createBillingModule } from '../modules/billing/module.ts';
import { createConsentModule } from '../modules/consent/module.ts';
import { createCareersModule } from '../modules/careers/module.ts';
import { createContentModule } from '../modules/content/module.ts';
import { createEnquiriesModule } from '../modules/enquiries/module.ts';
import { createEventsModule } from '../modules/events/module.ts';
import { createFollowsModule } from '../modules/follows/module.ts';
import { createGiftsModule } from '../modules/gifts/module.ts';
import type { IdentityServiceOptions } from '../modules/identity/identity-service.ts';
import { createIdentityModule } from '../modules/identity/module.ts';
import type { SessionChanges } from '../modules/identity/session-changes.ts';
import { createJobsModule } from '../modules/jobs/module.ts';
import { createLookupsModule } from '../modules/lookups/module.ts';
import { createMailModule } from '../modules/mail/module.ts';
import { createMediaModule } from '../modules/media/module.ts';
import { createMembershipsModule } from '../modules/memberships/module.ts';
import { createNewslettersModule } from '../modules/newsletters/module.ts';
import { createOrganisationsModule } from '../modules/organisations/module.ts';
import { createProfilesModule } from '../modules/profiles/module.ts';
import { createSearchModule } from '../modules/search/module.ts';
import { createSessionModule } from '../modules/session/module.ts';
import { createStudentsModule } from '../modules/students/module.ts';
import { createWallsModule } from '../modules/walls/module.ts';
import { localChangeBus, type ChangeBus } from '../platform/change-bus.ts';
import type { AppModule, Logger, ModuleDeps } from '../platform/module.ts';
import type { LimitStore } from '../platform/rate-limits.ts';
import { identitySecret } from './secrets.ts';

export interface ServicesOptions {
  db: Db;
  config: Config;
  /** The app's logger; each module logs through a child naming it. */
  log: Logger;
  /** Where rate limits and sign-in throttling count (Redis with REDIS_URL, else memory). */
  limits: LimitStore;
  /** How ended identity sessions reach every process (PostgreSQL NOTIFY); this process only when omitted. */
  sessionChanges?: SessionChanges;
  /** How changed pages reach every process (platform/change-bus.ts); this process only when omitted. */
  changes?: ChangeBus;
  /** Cheaper password hashing for tests. */
  passwordParams?: IdentityServiceOptions['passwordParams'];
}

export function createModules({ db, config, log, limits, sessionChanges, changes = localChangeBus(), passwordParams }: ServicesOptions) {
  const secret = identitySecret(config);
  const deps = (module: string): ModuleDeps => ({ db, config, limits, secret, log: log.child({ module }) });

  const jobs = createJobsModule(deps('jobs'));
  const mail = createMailModule(deps('mail'));
  const content = createContentModule({ ...deps('content'), changes });
  const identity = createIdentityModule({
    ...deps('identity'),
    mail: mail.service,
    passwordParams,
    sessionChanges,
    // Their password is in the README: they sign in only on this machine (loopback.ts).
    thisMachineOnlyEmails: new Set(DEMO_ACCOUNTS.map((account) => account.email)),
    tokenize: (template, identitySession) => session.service.tokenizeSession(template, identitySession),
  });
  const people = identity.service.people;
  const lookups = createLookupsModule();
  const accounts = createAccountsModule({ ...deps('accounts'), identity: identity.service, lookups: lookups.service, mail: mail.service });
  const follows = createFollowsModule({ ...deps('follows'), content: content.service });
  const memberships = createMembershipsModule({ ...deps('memberships'), claimsChanged: identity.service.claimsChanged });
  const analytics = createAnalyticsModule(deps('analytics'));
  const organisations = createOrganisationsModule({
    ...deps('organisations'),
    memberships: memberships.service,
    people,
    mail: mail.service,
    analytics: analytics.service,
  });
  const profiles = createProfilesModule({ db, lookups: lookups.service, organisations: organisations.service, changes });
  const careers = createCareersModule({ db, profiles: profiles.service });
  const students = createStudentsModule({ ...deps('students'), mail: mail.service, people });
  const walls = createWallsModule({ ...deps('walls'), follows: follows.service, changes });
  const newsletters = createNewslettersModule({
    ...deps('newsletters'),
    mail: mail.service,
    jobs: jobs.service,
    people,
    memberships: memberships.service.claimsSource,
    content: content.service,
    walls: walls.service,
    follows: follows.service,
  });
  const events = createEventsModule({ ...deps('events'), jobs: jobs.service, mail: mail.service, people, changes });
  const search = createSearchModule({
    ...deps('search'),
    content: content.service,
    profiles: profiles.service,
    events: events.service,
    walls: walls.service,
    changes,
  });
  const answers = createAnswersModule({ ...deps('answers'), search: search.service });
  const session = createSessionModule({
    ...deps('session'),
    identity: identity.service,
    claimsFrom: [accounts, memberships, organisations, newsletters],
    paywallSource: walls.service,
  });
  const gifts = createGiftsModule({ ...deps('gifts'), content: content.service, identity: identity.service });
  const billing = createBillingModule({
    ...deps('billing'),
    jobs: jobs.service,
    memberships: memberships.service,
    mail: mail.service,
    students: students.service,
    people,
    organisations: organisations.service,
    events: events.service,
  });
  const enquiries = createEnquiriesModule({ ...deps('enquiries'), mail: mail.service, jobs: jobs.service, lookups: lookups.service });

  return {
    content,
    media: createMediaModule(deps('media')),
    mail,
    analytics,
    consent: createConsentModule(deps('consent')),
    identity,
    lookups,
    accounts,
    follows,
    memberships,
    organisations,
    profiles,
    careers,
    students,
    walls,
    search,
    answers,
    gifts,
    billing,
    session,
    jobs,
    enquiries,
    newsletters,
    events,
  };
}

type Modules = ReturnType<typeof createModules>;
export type Services = { [Name in keyof Modules]: Modules[Name]['service'] };

/** The modules (for app.ts to mount) and their services (for the transports). */
export function createServices(options: ServicesOptions): { services: Services; modules: AppModule[] } {
  const built = createModules(options);
  const services = Object.fromEntries(Object.entries(built).map(([name, module]) => [name, module.service])) as Services;
  return { services, modules: Object.values(built) };
}
