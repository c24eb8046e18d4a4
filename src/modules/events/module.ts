// The events module: the listing, event pages' reads, the home page's featured events, and tickets
// (their seats, orders and the door; billing takes the money). Its job gives back the seats of a
// hold whose payment never finished.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { People } from '../identity/people.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { MailService } from '../mail/mail-service.ts';
import { createTicketMail } from './ticket-mail.ts';
import { createEventsService, type EventsService } from './events-service.ts';
import { RELEASE_HOLD_JOB } from './tickets.ts';

/** A free registration's reminder, the day before the event. */
export const REMIND_JOB = 'events.remind_registration';

export interface EventsModuleDeps extends Pick<ModuleDeps, 'db' | 'config'> {
  jobs: Pick<JobRunner, 'enqueue' | 'register'>;
  mail: Pick<MailService, 'send'>;
  people: Pick<People, 'get'>;
}

export function createEventsModule({ db, config, jobs, mail, people }: EventsModuleDeps): AppModule<EventsService> {
  const service = createEventsService({
    db,
    sendTickets: createTicketMail({ mail, siteUrl: config.siteUrl, productName: config.productName }),
    emailOf: async (identityId) => (await people.get(identityId))?.email ?? null,
    scheduleReminder: async (ticketId, at) => {
      await jobs.enqueue(REMIND_JOB, { ticketId }, { runAt: at, dedupeKey: `${REMIND_JOB}:${ticketId}` });
    },
    scheduleRelease: async (orderId, at) => {
      await jobs.enqueue(RELEASE_HOLD_JOB, { orderId }, { runAt: at, dedupeKey: `${RELEASE_HOLD_JOB}:${orderId}` });
    },
  });
  // Idempotent: only a held order is released.
  jobs.register(RELEASE_HOLD_JOB, async (payload) => {
    if (typeof payload.orderId === 'string') await service.tickets.releaseHold(payload.orderId);
  });
  // Idempotent: a registration is reminded once (markReminded).
  jobs.register(REMIND_JOB, async (payload) => {
    if (typeof payload.ticketId === 'string') await service.remind(payload.ticketId);
  });
  return { name: 'events', service };
}
