// Start-up steps shared by the server and the database CLI.
import { count } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../demo/accounts.ts';
import { seedDemoOrganisation } from '../demo/organisation.ts';
import { seedDemoContent } from '../demo/seed.ts';
import { seedDemoNewsletterSubscriptions } from '../demo/newsletter-subscriptions.ts';
import { seedDemoNewsletterIssues } from '../demo/newsletter-issues.ts';
import { seedDemoEventTickets } from '../demo/event-tickets.ts';
import { seedDemoAnalytics } from '../modules/analytics/demo-events.ts';
import { seedDemoSubscriptions } from '../modules/billing/demo-subscriptions.ts';
import { stories } from '../modules/content/schema.ts';
import type { Services } from './services.ts';

/** The academic address the demo student verified (an Oxford address: the dataset knows ox.ac.uk). */
export const DEMO_ACADEMIC_EMAIL = 'demo.student@ox.ac.uk';

/** The one start-up line saying which mode runs, and what that means for someone on the network. */
export function modeLine(config: Config): string {
  if (config.appEnv === 'prod') return 'production mode: no demo accounts, no development tools';
  const local = config.demoContent ? 'the demo accounts and the dev mailbox answer' : 'the dev mailbox answers';
  return `development mode (APP_ENV=${config.appEnv}): ${local} only this machine (loopback)`;
}

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
}

/** Migrations always; demo content when enabled and the site has no stories yet. */
export async function prepareDatabase(database: Database, config: Config): Promise<{ seeded: boolean }> {
  await database.migrate();
  if (!config.demoContent) return { seeded: false };
  const [row] = await database.db.select({ n: count() }).from(stories);
  if ((row?.n ?? 0) > 0) return { seeded: false };
  await seedDemoContent(database.db);
  if (config.appEnv !== 'prod') await seedDemoAnalytics(database.db, { siteUrl: config.siteUrl });
  return { seeded: true };
}

/**
 * The demo accounts (README) go with the demo content, never in prod. They need the services
 * (identity, accounts, memberships), so this runs once the app is built. Checked on every start:
 * a database seeded before they existed gets them too; accounts that exist are left alone.
 * With the sandbox provider, the individual and student members then hold real sandbox
 * subscriptions (modules/billing/demo-subscriptions.ts), made once; `subscribed` lists who got one.
 */
export async function prepareDemoAccounts(
  database: Database,
  services: Services,
  config: Config,
): Promise<{ created: string[]; subscribed: string[] }> {
  if (!config.demoContent || config.appEnv === 'prod') return { created: [], subscribed: [] };
  const created = await seedDemoAccounts(database.db, services);
  const sandbox = services.billing.sandbox;
  const subscribed = sandbox
    ? await seedDemoSubscriptions({
        db: database.db,
        provider: sandbox,
        identity: services.identity,
        memberships: services.memberships,
        lifecycle: services.billing.lifecycle,
        accounts: DEMO_ACCOUNTS,
      })
    : [];
  // The demo student is a verified student, as if they had confirmed an academic address.
  for (const account of DEMO_ACCOUNTS.filter((demo) => demo.membership?.type === 'Student')) {
    const found = await services.identity.people.findByEmail(account.email);
    if (found)
      await services.students.seedVerifiedAddress({
        identityId: found.identityId,
        email: DEMO_ACADEMIC_EMAIL,
        graduationYear: new Date().getUTCFullYear() + 2,
      });
  }
  await seedDemoOrganisation(services);
  await seedDemoNewsletterSubscriptions({ newsletters: services.newsletters, people: services.identity.people });
  // Ticket types, a nearly sold-out roundtable and the members' tickets (bought with the sandbox's test card).
  if (sandbox)
    await seedDemoEventTickets({ events: services.events, billing: services.billing, people: services.identity.people, sandbox });
  const admin = await services.identity.people.findByEmail('admin@example.com');
  if (admin?.userId)
    await seedDemoNewsletterIssues({ issues: services.newsletters.issues, content: services.content, adminUserId: admin.userId });
  return { created, subscribed };
}
