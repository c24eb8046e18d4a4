// The events module: the listing, event pages' reads, the home page's featured events, and tickets
// (their seats, orders and the door; billing takes the money). Its job gives back the seats of a
// hold whose payment never finished; seats coming back tell the waiting list.
import type { ChangeBus } from '../../platform/change-bus.ts';
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { People } from '../identity/people.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { MailService } from '../mail/mail-service.ts';
import { createSeatsBackMail, createTicketMail } from './ticket-mail.ts';
import { createEventsService, type EventsService } from './events-service.ts';
import { RELEASE_HOLD_JOB } from './tickets.ts';

/** A free registration's reminder, the day before the event. */
export const REMIND_JOB = 'events.remind_registration';

export interface EventsModuleDeps extends Pick<ModuleDeps, 'db' | 'config' | 'log'> {
  jobs: Pick<JobRunner, 'enqueue' | 'register'>;
  mail: Pick<MailService, 'send'>;
  people: Pick<People, 'get'>;
  /** The page cache is told when an event's tickets change (what is on sale, sold out, seats back). */
  changes?: Pick<ChangeBus, 'publish'>;
}

export function createEventsModule({ db, config, log, jobs, mail, people, changes }: EventsModuleDeps): AppModule<EventsService> {
  const service = createEventsService({
    db,
    sendTickets: createTicketMail({ mail, siteUrl: config.siteUrl, productName: config.productName }),
    sendSeatsBack: createSeatsBackMail({ mail, siteUrl: config.siteUrl }),
    onError: (error, context) => log.error({ err: error }, `events: ${context}`),
    changes,
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
