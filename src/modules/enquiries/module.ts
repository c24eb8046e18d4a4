// The enquiries module: the contact forms' enquiries, their emails and the admin list.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { LookupsService } from '../lookups/lookups-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import { createEnquiriesService, NOTIFY_JOB, type EnquiriesService } from './enquiries-service.ts';

export interface EnquiriesModuleDeps extends Pick<ModuleDeps, 'db' | 'config' | 'log' | 'limits'> {
  mail: MailService;
  jobs: JobRunner;
  lookups: LookupsService;
}

export function createEnquiriesModule({ db, config, log, limits, mail, jobs, lookups }: EnquiriesModuleDeps): AppModule<EnquiriesService> {
  const service = createEnquiriesService({ db, mail, jobs, lookups, limits, inbox: config.enquiries.inbox, siteUrl: config.siteUrl, log });
  // The safety net: emails an enquiry whose emails the request could not write (idempotent).
  jobs.register(NOTIFY_JOB, async (payload) => {
    if (typeof payload.id === 'string') await service.notify(payload.id);
  });
  return { name: 'enquiries', service };
}
