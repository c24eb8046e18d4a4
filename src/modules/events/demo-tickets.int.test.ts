// The demo's tickets (src/demo/event-tickets.ts), as start-up writes them (server/boot.ts
// prepareDemoAccounts): ticket types on the coming in-person events, the Paris roundtable nearly
// sold out by demo members' orders, its dinner sold out with a member waiting, a registration for
// the online talk; a second start adds nothing.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import { stableUuid } from '../../db/stable-id.ts';
import { buildApp } from '../../server/app.ts';
import { prepareDemoAccounts } from '../../server/boot.ts';
import { createTestDatabase } from '../../test/database.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let config: Config;

beforeAll(async () => {
  config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'atelier-test-')),
    SITE_URL: 'https://atelier.test',
  });
  database = await createTestDatabase();
  app = await buildApp({ config, database, passwordParams: ARGON2_TEST_PARAMS, logger: false });
  await app.ready();
  await prepareDemoAccounts(database, app.services, config);
}, 120_000);
afterAll(async () => {
  await app.close();
});

it('sells the coming events, nearly sells out the roundtable to demo members and registers a reader online', async () => {
  const { events, identity } = app.services;
  const roundtable = await events.tickets.ticketType(stableUuid('ticket-type', 'crossroads-the-future-of-clienteling:Roundtable seat'));
  expect(roundtable).toMatchObject({ capacity: 12, available: 2, status: 'on_sale' });
  const owner = await identity.people.findByEmail('olivia.lind@lindgroup.example');
  const orders = await events.tickets.ordersOf(owner!.identityId);
  expect(orders.map((o) => `${o.state} ${o.quantity}`).sort()).toEqual(['paid 2', 'paid 4']);
  const reader = await identity.people.findByEmail('una.holm@lindgroup.example');
  expect(await events.tickets.registrationsOf(reader!.identityId)).toHaveLength(1);

  const dinner = stableUuid('ticket-type', 'crossroads-the-future-of-clienteling:Speakers’ dinner');
  expect(await events.tickets.ticketType(dinner)).toMatchObject({ capacity: 4, available: 0, status: 'sold_out' });
  const waiting = await identity.people.findByEmail('standard@example.com');
  expect(await events.tickets.onWaitingList(dinner, waiting!.identityId)).toBe(true);

  await prepareDemoAccounts(database, app.services, config);
  expect((await events.tickets.ticketType(roundtable!.ticketTypeId))!.available).toBe(2);
  expect((await events.tickets.waitingCounts(roundtable!.eventId)).get(dinner)).toBe(1);
});
