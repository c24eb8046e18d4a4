// The accounts module: user data (personal and professional details), email changes, and the user-data facts in the claims.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { IdentityService } from '../identity/identity-service.ts';
import type { LookupsService } from '../lookups/lookups-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { ClaimsContribution } from '../session/module.ts';
import { createAccountsService, type AccountsService } from './accounts-service.ts';

export interface AccountsModuleDeps extends Pick<ModuleDeps, 'db' | 'secret'> {
  identity: IdentityService;
  lookups: LookupsService;
  mail: Pick<MailService, 'send'>;
}

export function createAccountsModule({
  db,
  secret,
  identity,
  lookups,
  mail,
}: AccountsModuleDeps): AppModule<AccountsService> & ClaimsContribution {
  const accounts = createAccountsService({ db, identity, lookups, mail, pepper: secret });
  return { name: 'accounts', service: accounts, claims: accounts.claimsSource };
}
