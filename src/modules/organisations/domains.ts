// Email domains an organisation proves it owns (§3 OrganisationAccountDomain). An admin gives an
// address at the domain; a 6-digit code goes there (30 minutes, 5 tries); entered on the team page,
// it verifies the domain. Free-mail providers and shared mailboxes cannot prove one, and a domain
// verified by one organisation cannot be verified by another (a unique index) until it is disabled.
// Who confirms an address at a verified, enabled domain joins by it (claims.ts).
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { BaseError, InputError, UnauthorizedError } from '../../shared/errors.ts';
import { type Access, type Actor, type OrganisationsDeps } from './access.ts';
import { DOMAIN_MESSAGES, domainFromAddress } from './organisation-input.ts';
import { organisationDomains, type OrganisationDomainRow } from './schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const DOMAIN_CODE_MINUTES = 30;
export const DOMAIN_CODE_ATTEMPTS = 5;

export const DOMAIN_CODE_MESSAGES = {
  noSuchDomain: 'There is no such domain on your organisation account.',
  noPendingCode: 'No code is waiting for this domain. Add it again to get a new code.',
  wrongCode: 'That code is not right. Check the email and try again.',
  expired: 'That code has expired. Add the domain again to get a new code.',
  alreadyVerified: 'This domain is already verified.',
  recentlySent: 'A code was sent less than a minute ago. Check the inbox, or try again in a minute.',
} as const;

/** §3 OrganisationAccountDomain, plus whether it is verified. */
export interface OrganisationDomain {
  domainId: string;
  domain: string;
  isVerified: boolean;
  isDisabled: boolean;
  createdAt: Date;
  createdByIdentityId: string;
  verifiedAt: Date | null;
  disabledAt: Date | null;
  disabledByIdentityId: string | null;
}

export function domainView(row: OrganisationDomainRow): OrganisationDomain {
  return {
    domainId: row.id,
    domain: row.domain,
    isVerified: row.verifiedAt !== null,
    isDisabled: row.disabledAt !== null,
    createdAt: row.createdAt,
    createdByIdentityId: row.createdByIdentityId,
    verifiedAt: row.verifiedAt,
    disabledAt: row.disabledAt,
    disabledByIdentityId: row.disabledByIdentityId,
  };
}

export function createDomains(deps: OrganisationsDeps, access: Access) {
  const { db, mail, log, pepper, now } = deps;
  const hash = (domainId: string, code: string) =>
    createHmac('sha256', pepper).update(`organisation-domain:${domainId}:${code}`).digest('hex');

  /** Every domain the account added, disabled ones included (admins). */
  async function domains(actor: Actor, accountId: string): Promise<OrganisationDomain[]> {
    await access.authorise(actor, accountId, 'admin');
    const rows = await db
      .select()
      .from(organisationDomains)
      .where(eq(organisationDomains.accountId, accountId))
      .orderBy(organisationDomains.createdAt);
    return rows.map(domainView);
  }

  /** Starts proving a domain: the code goes to `address` (an address at the domain). */
  async function addDomain(actor: Actor, accountId: string, address: string): Promise<OrganisationDomain> {
    const { account } = await access.authorise(actor, accountId, 'admin');
    const verdict = domainFromAddress(address);
    if (!verdict.ok) throw new InputError([{ path: ['email'], code: 'custom', message: verdict.message }]);
    const { email, domain } = verdict;
    const [taken] = await db
      .select({ accountId: organisationDomains.accountId })
      .from(organisationDomains)
      .where(
        and(eq(organisationDomains.domain, domain), isNotNull(organisationDomains.verifiedAt), isNull(organisationDomains.disabledAt)),
      );
    if (taken) throw new BaseError(taken.accountId === accountId ? DOMAIN_MESSAGES.alreadyAdded : DOMAIN_MESSAGES.taken);

    await access.spendEmailQuota('domain', accountId, 1);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const at = now();
    const expires = new Date(at.getTime() + DOMAIN_CODE_MINUTES * 60_000);
    const [pending] = await db
      .select()
      .from(organisationDomains)
      .where(
        and(eq(organisationDomains.accountId, accountId), eq(organisationDomains.domain, domain), isNull(organisationDomains.disabledAt)),
      );
    let row: OrganisationDomainRow;
    if (pending) {
      // Asked again: a new code replaces the old one (at most one a minute).
      const sentAt = pending.tokenExpiresAt ? pending.tokenExpiresAt.getTime() - DOMAIN_CODE_MINUTES * 60_000 : 0;
      if (at.getTime() - sentAt < 60_000) throw new BaseError(DOMAIN_CODE_MESSAGES.recentlySent);
      [row] = (await db
        .update(organisationDomains)
        .set({ confirmationEmail: email, tokenHash: hash(pending.id, code), tokenExpiresAt: expires, tokenAttempts: 0 })
        .where(eq(organisationDomains.id, pending.id))
        .returning()) as [OrganisationDomainRow];
    } else {
      const id = randomUUID();
      try {
        [row] = (await db
          .insert(organisationDomains)
          .values({
            id,
            accountId,
            domain,
            createdByIdentityId: actor.identityId,
            confirmationEmail: email,
            tokenHash: hash(id, code),
            tokenExpiresAt: expires,
            createdAt: at,
          })
          .returning()) as [OrganisationDomainRow];
      } catch (error) {
        if (isUniqueViolation(error)) throw new BaseError(DOMAIN_MESSAGES.alreadyAdded);
        throw error;
      }
    }
    try {
      await mail.send({
        to: email,
        template: 'organisation_domain_code',
        data: { organisationTitle: account.title, domain, code, expiresInMinutes: DOMAIN_CODE_MINUTES },
      });
    } catch (error) {
      log.error({ err: error, accountId }, 'domain code not sent');
    }
    return domainView(row);
  }

  /**
   * Site staff record a domain as verified without a code (they checked it another way; the demo
   * seed). Refused to anyone else, and for free mail or a domain another organisation verified.
   */
  async function verifyDomainAsStaff(actor: Actor, accountId: string, domainInput: string): Promise<OrganisationDomain> {
    if (!actor.isSiteAdmin) throw new UnauthorizedError(actor.userId, accountId);
    await access.authorise(actor, accountId, 'admin');
    const verdict = domainFromAddress(`staff@${domainInput}`);
    if (!verdict.ok) throw new InputError([{ path: ['domain'], code: 'custom', message: verdict.message }]);
    const at = now();
    try {
      const [row] = await db
        .insert(organisationDomains)
        .values({
          id: randomUUID(),
          accountId,
          domain: verdict.domain,
          createdByIdentityId: actor.identityId,
          confirmationEmail: verdict.email,
          verifiedAt: at,
          createdAt: at,
        })
        .returning();
      return domainView(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw new BaseError(DOMAIN_MESSAGES.taken);
      throw error;
    }
  }

  /** Verifies the domain with the emailed code. */
  async function confirmDomain(actor: Actor, accountId: string, domainId: string, code: string): Promise<OrganisationDomain> {
    await access.authorise(actor, accountId, 'admin');
    const row = await findDomain(accountId, domainId);
    if (row.verifiedAt) throw new BaseError(DOMAIN_CODE_MESSAGES.alreadyVerified);
    if (row.disabledAt || !row.tokenHash || !row.tokenExpiresAt || row.tokenAttempts >= DOMAIN_CODE_ATTEMPTS)
      throw new BaseError(DOMAIN_CODE_MESSAGES.noPendingCode);
    if (row.tokenExpiresAt <= now()) throw new BaseError(DOMAIN_CODE_MESSAGES.expired);
    const given = Buffer.from(hash(row.id, code.trim().slice(0, 64)), 'hex');
    if (!timingSafeEqual(given, Buffer.from(row.tokenHash, 'hex'))) {
      await db
        .update(organisationDomains)
        .set({ tokenAttempts: row.tokenAttempts + 1 })
        .where(eq(organisationDomains.id, row.id));
      throw new BaseError(DOMAIN_CODE_MESSAGES.wrongCode);
    }
    try {
      const [verified] = await db
        .update(organisationDomains)
        .set({ verifiedAt: now(), tokenHash: null, tokenExpiresAt: null })
        .where(and(eq(organisationDomains.id, row.id), isNull(organisationDomains.verifiedAt)))
        .returning();
      if (!verified) throw new BaseError(DOMAIN_CODE_MESSAGES.alreadyVerified);
      return domainView(verified);
    } catch (error) {
      if (isUniqueViolation(error)) throw new BaseError(DOMAIN_MESSAGES.taken);
      throw error;
    }
  }

  /** Stops joining by the domain (§3 disabledAt, disabledByUserId); adding it again starts over. */
  async function disableDomain(actor: Actor, accountId: string, domainId: string): Promise<OrganisationDomain> {
    await access.authorise(actor, accountId, 'admin');
    const row = await findDomain(accountId, domainId);
    if (row.disabledAt) return domainView(row);
    const [disabled] = await db
      .update(organisationDomains)
      .set({ disabledAt: now(), disabledByIdentityId: actor.identityId, tokenHash: null, tokenExpiresAt: null })
      .where(and(eq(organisationDomains.id, row.id), isNull(organisationDomains.disabledAt)))
      .returning();
    return domainView(disabled ?? row);
  }

  async function findDomain(accountId: string, domainId: string): Promise<OrganisationDomainRow> {
    if (!/^[0-9a-f-]{36}$/i.test(domainId)) throw new BaseError(DOMAIN_CODE_MESSAGES.noSuchDomain);
    const [row] = await db
      .select()
      .from(organisationDomains)
      .where(and(eq(organisationDomains.id, domainId), eq(organisationDomains.accountId, accountId)));
    if (!row) throw new BaseError(DOMAIN_CODE_MESSAGES.noSuchDomain);
    return row;
  }

  /** The organisation whose verified, enabled domain the address is at, if any. */
  async function accountForDomain(domain: string, exceptAccountId?: string): Promise<string | null> {
    const [row] = await db
      .select({ accountId: organisationDomains.accountId })
      .from(organisationDomains)
      .where(
        and(
          eq(organisationDomains.domain, domain),
          isNotNull(organisationDomains.verifiedAt),
          isNull(organisationDomains.disabledAt),
          ...(exceptAccountId ? [ne(organisationDomains.accountId, exceptAccountId)] : []),
        ),
      );
    return row?.accountId ?? null;
  }

  return { domains, addDomain, confirmDomain, disableDomain, verifyDomainAsStaff, accountForDomain };
}

export type Domains = ReturnType<typeof createDomains>;
