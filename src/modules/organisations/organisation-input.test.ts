// The organisations boundary's pure rules: addresses read one by one, a CSV read into addresses,
// roles, account ids, and which addresses may prove a domain.
import { describe, expect, it } from 'vitest';
import {
  accountIdSchema,
  addedRoleSchema,
  DOMAIN_MESSAGES,
  domainFromAddress,
  emailsFromCsv,
  readEmails,
  roleSchema,
} from './organisation-input.ts';

describe('readEmails', () => {
  it('reads each address on its own: trimmed and lower-cased, or why not', () => {
    const read = readEmails([' Ada@Maison.COM ', 'no-at-sign', 'a\u0000b@x.com', 'x@y.toolongtldxx', '\ud800@x.com']);
    expect(read[0]).toEqual({ ok: true, input: ' Ada@Maison.COM ', email: 'ada@maison.com' });
    expect(read.slice(1).map((r) => r.ok)).toEqual([false, false, false, false]);
    expect(read[2]).toMatchObject({ ok: false, message: 'Remove the invisible control character from this text' });
  });
});

describe('emailsFromCsv', () => {
  it('takes the address from any column, skips a header and blank lines, keeps a bad address for the page to name', () => {
    const csv = ['name,email', 'Ada Lovelace,ada@maison.com', '', '"Bea";"bea@maison.com"', 'Cleo\tcleo@maison', 'no address here'].join(
      '\r\n',
    );
    expect(emailsFromCsv(csv)).toEqual(['ada@maison.com', 'bea@maison.com', 'cleo@maison']);
  });
  it('reads a pasted list, one a line', () => {
    expect(emailsFromCsv('a@x.com\nb@x.com\n')).toEqual(['a@x.com', 'b@x.com']);
  });
});

describe('roles and account ids', () => {
  it.each([
    ['OWNER', true, false],
    ['ADMIN', true, true],
    ['USER', true, true],
    ['owner', false, false],
    ['', false, false],
  ])('%s: a role %s, may be given when adding %s', (role, isRole, added) => {
    expect(roleSchema.safeParse(role).success).toBe(isRole);
    expect(addedRoleSchema.safeParse(role).success).toBe(added);
  });
  it.each([
    ['0b8f2c1e-6c1a-4f3e-9f5e-2b7d1c9a0e11', true],
    ['acct_123-ABC', true],
    ['', false],
    ['a b', false],
    ['a\u0000', false],
    ['x'.repeat(65), false],
  ])('account id %j: %s', (id, ok) => {
    expect(accountIdSchema.safeParse(id).success).toBe(ok);
  });
});

describe('domainFromAddress', () => {
  it.each([
    ['olive@maison.com', { ok: true, email: 'olive@maison.com', domain: 'maison.com' }],
    ['Olive@Mail.Maison.co.uk', { ok: true, email: 'olive@mail.maison.co.uk', domain: 'mail.maison.co.uk' }],
    ['boss@gmail.com', { ok: false, message: DOMAIN_MESSAGES.freeMail }],
    ['boss@yahoo.co.uk', { ok: false, message: DOMAIN_MESSAGES.freeMail }],
    ['boss@outlook.fr', { ok: false, message: DOMAIN_MESSAGES.freeMail }],
    ['info@maison.com', { ok: false, message: DOMAIN_MESSAGES.sharedMailbox }],
    ['team-london@maison.com', { ok: false, message: DOMAIN_MESSAGES.sharedMailbox }],
    ['maison@maison.com', { ok: false, message: DOMAIN_MESSAGES.sharedMailbox }],
    ['not an address', { ok: false, message: DOMAIN_MESSAGES.invalid }],
    ['a\u0007@maison.com', { ok: false, message: DOMAIN_MESSAGES.invalid }],
  ])('%j', (address, verdict) => {
    expect(domainFromAddress(address)).toEqual(verdict);
  });
});
