// The mail module: the outbox and its transport (SMTP, or the dev mailbox on this machine).
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import { createMailService, createTransport, type MailService } from './mail-service.ts';
import { registerDevMailbox } from './mail-routes.ts';

/** SMTP connections a newsletter send keeps open at once. */
export const BULK_CONNECTIONS = 8;

export function createMailModule({ db, config, log }: Pick<ModuleDeps, 'db' | 'config' | 'log'>): AppModule<MailService> {
  const mail = createMailService({
    db,
    transport: createTransport({ smtpUrl: config.mail.smtpUrl }),
    from: config.mail.from,
    productName: config.productName,
    siteUrl: config.siteUrl,
    logger: log,
    // Newsletter issues go through a few reused connections (decision 048).
    bulkTransport: config.mail.smtpUrl ? createTransport({ smtpUrl: config.mail.smtpUrl, pool: BULK_CONNECTIONS }) : null,
  });
  return {
    name: 'mail',
    service: mail,
    // Every sign-in code is in the mailbox: a development tool, for this machine only.
    devRoutes: async (app) => registerDevMailbox(app, { mail, productName: config.productName }),
    onClose: async () => mail.close(),
  };
}
