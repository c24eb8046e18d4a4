import { describe, expect, it } from 'vitest';
import {
  activityTrackingSchema,
  classifyMailbox,
  emailSchema,
  findTextProblem,
  formatMessages,
  isEmail,
  isPlainNumber,
  isSharedMailbox,
  isUrl,
  isVideoLink,
  isWholeNumber,
  plainNumberSchema,
  professionalEmailSchema,
  safeText,
  sharedMailboxWords,
  textMessages,
  textProblem,
  unstorableText,
  urlSchema,
  videoIdFromLink,
  videoLinkSchema,
  wholeNumberSchema,
} from './formats.ts';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('email (§5)', () => {
  const accepted = [
    'name@example.com',
    'first.last@example.co.uk',
    'first+tag@example.io',
    'under_score@example.com',
    'hy-phen@example.com',
    'digits123@example123.com',
    '.+_-@example.com',
    'name@sub-domain.example-site.org',
    'name@example.ab', // TLD of 2 letters
    'name@example.abcdefghij', // TLD of 10 letters
  ];
  const refused = [
    '',
    '   ',
    'plain',
    '@example.com',
    'name@',
    'name@example',
    'name@example.c', // TLD of 1 letter
    'name@example.abcdefghijk', // TLD of 11 letters
    'name@example.c0m',
    'name@example.com.',
    'na me@example.com',
    'name!@example.com',
    "o'neil@example.com",
    'name@@example.com',
    'name@exa_mple.com',
    'name@example..com',
    'name@.example.com',
    'name@-example.com',
    'name@example-.com',
    `${'a'.repeat(250)}@example.com`,
  ];

  it.each(accepted)('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
    expect(emailSchema.safeParse(value).success).toBe(true);
  });

  it.each(refused)('refuses %j with a user-facing message', (value) => {
    expect(isEmail(value)).toBe(false);
    expect(messagesOf(emailSchema.safeParse(value))).toEqual([formatMessages.email]);
  });

  it('trims and lower-cases, so one address has one spelling', () => {
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(isEmail(' NAME@EXAMPLE.COM ')).toBe(true);
  });

  it('refuses a non-string with the same message', () => {
    expect(messagesOf(emailSchema.safeParse(42))).toEqual([formatMessages.email]);
  });
});

describe('shared mailboxes (§5, ADR 004)', () => {
  // SPEC §5's list, written out here so the test pins the specification, not the module's list.
  const specWords = [
    'admin',
    'sysadmin',
    'info',
    'team',
    'pr',
    'press',
    'marketing',
    'editorial',
    'contact',
    'frontdesk',
    'business',
    'biz',
    'finance',
    'strategy',
    'office',
    'professional',
    'share',
    'reception',
    'subs',
    'subscriptions',
    'subscription',
    'uk',
    'usa',
    'nyc',
    'london',
    'paris',
    'milan',
  ];

  it('lists every word of §5', () => {
    expect(sharedMailboxWords).toEqual(expect.arrayContaining(specWords));
  });

  describe.each(specWords)('%s', (word) => {
    it.each([
      `${word}`,
      `${word.toUpperCase()}`,
      `${word}1`,
      `${word}2024`,
      `${word}.uk`,
      `${word}_london`,
      `${word}-team`,
      `team.${word}`,
      `${word}+atelier`,
    ])('%s@example.com is shared', (local) => {
      const result = classifyMailbox(`${local}@example.com`);
      expect(result.kind).toBe('shared');
    });

    it('is the token of its bare mailbox', () => {
      expect(classifyMailbox(`${word}@example.com`)).toEqual({ kind: 'shared', token: word });
    });

    it.each([`jane.${word}`, `${word}.jane`, `${word}-smith`, `jane+${word}`, `${word}jane`])(
      '%s@example.com is personal: a listed word beside a name',
      (local) => {
        expect(classifyMailbox(`${local}@example.com`)).toEqual({ kind: 'personal' });
      },
    );
  });

  it.each([
    ['frontdesk', 'frontdesk'],
    ['front-desk', 'frontdesk'],
    ['front.desk', 'frontdesk'],
    ['front_desk', 'frontdesk'],
    ['FrontDesk', 'frontdesk'],
    ['front-desk2', 'frontdesk'],
    ['front.desk.london', 'frontdesk'],
    ['sys-admin', 'sysadmin'],
    ['sys.admin', 'sysadmin'],
    ['professional', 'professional'],
    ['professionals', 'professionals'],
    ['pro', 'pro'],
    ['pros', 'pros'],
    ['pro.team', 'pro'],
    ['teamlondon', 'team'],
    ['infouk', 'info'],
    ['pressoffice', 'press'],
    ['subscriptions', 'subscriptions'],
    ['info+newsletters', 'info'],
  ])('%s@example.com is shared, token %s', (local, token) => {
    expect(classifyMailbox(`${local}@example.com`)).toEqual({ kind: 'shared', token });
  });

  it.each([
    ['acme@acme.com', 'acme'],
    ['ACME@Acme.com', 'acme'],
    ['acme1@acme.com', 'acme'],
    ['acme.team@acme.com', 'acme'],
    ['acme-uk@acme.com', 'acme'],
    ['acme_london@acme.com', 'acme'],
    ['team.acme@acme.com', 'team'],
    ['acme@acme.co.uk', 'acme'],
    ['acme@acme.com.au', 'acme'],
    ['acme@mail.acme.com', 'acme'],
    ['acmegroup@acme-group.com', 'acmegroup'],
    ['acme-group@acme-group.com', 'acmegroup'],
    ['atelier2@atelier2.io', 'atelier'],
  ])('%s is a company-name mailbox, token %s', (email, token) => {
    expect(classifyMailbox(email)).toEqual({ kind: 'shared', token });
  });

  it.each([
    'jane@acme.com',
    'jane.doe@acme.com',
    'jane.acme@acme.com',
    'acme@other.com',
    'acmejane@acme.com',
    'coco@acme.co.uk', // "co" is a registry label, not the company
    'paris.hilton@example.com',
    'milan.kundera@example.com',
    'london.jones@example.com',
    'prince@example.com',
    'parisa@example.com',
    'usama@example.com',
    'informatics@example.com',
    'teams@example.com',
    'front@example.com',
    'desk@example.com',
    'hello@example.com', // not in §5's list
    '123@example.com',
    'j.smith+info@example.com',
  ])('%s is personal', (email) => {
    expect(classifyMailbox(email)).toEqual({ kind: 'personal' });
    expect(isSharedMailbox(email)).toBe(false);
  });

  it('the professional flow refuses a shared mailbox with the personal-address message', () => {
    expect(messagesOf(professionalEmailSchema.safeParse('info@acme.com'))).toEqual([formatMessages.sharedMailbox]);
    expect(messagesOf(professionalEmailSchema.safeParse('acme@acme.com'))).toEqual([formatMessages.sharedMailbox]);
    expect(formatMessages.sharedMailbox).toBe('Please use your personal work email address, not a shared mailbox such as info@ or team@.');
  });

  it('the professional flow accepts a personal address, normalised', () => {
    expect(professionalEmailSchema.parse(' Jane.Doe@Acme.com')).toBe('jane.doe@acme.com');
  });

  it('the professional flow reports only the format error for an invalid address', () => {
    expect(messagesOf(professionalEmailSchema.safeParse('info'))).toEqual([formatMessages.email]);
    expect(messagesOf(professionalEmailSchema.safeParse('info@acme.c'))).toEqual([formatMessages.email]);
  });

  it('general registration accepts a shared mailbox (it is flagged, not refused)', () => {
    expect(emailSchema.safeParse('info@acme.com').success).toBe(true);
    expect(isSharedMailbox('info@acme.com')).toBe(true);
  });
});

describe('URL (§5)', () => {
  const accepted = [
    'http://example.com',
    'https://example.com',
    'https://example.com/',
    'https://www.example.co.uk/path/to/page',
    'https://example.com/path?query=1&b=2#section',
    'https://example.com?x=1',
    'https://sub-domain.example.io:8080/a',
    'HTTPS://EXAMPLE.COM/Path',
    '  https://example.com  ',
    'https://example.fashion',
  ];
  const refused = [
    '',
    'example.com', // no scheme
    'www.example.com',
    '//example.com',
    'ftp://example.com',
    'mailto:name@example.com',
    'https//example.com',
    'http:/example.com',
    'https://', // no host
    'https:///path',
    'http://localhost', // no TLD
    'http://localhost:3000/',
    'https://example', // no TLD
    'https://example.c', // TLD of 1 letter
    'https://example.c0m',
    'https://127.0.0.1',
    'https://exa mple.com',
    'https://example.com/has space',
    'https://-example.com',
    'https://example..com',
  ];

  it.each(accepted)('accepts %s', (value) => {
    expect(isUrl(value)).toBe(true);
    expect(urlSchema.safeParse(value).success).toBe(true);
  });

  it.each(refused)('refuses %j', (value) => {
    expect(isUrl(value)).toBe(false);
    expect(messagesOf(urlSchema.safeParse(value))).toEqual([formatMessages.url]);
  });
});

describe('number (§5)', () => {
  const accepted = ['0', '0.5', '12', '12.25', '100', '0.0', '10.05', '1234567.890', ' 7 '];
  const refused = [
    '01',
    '00',
    '00.5',
    '007',
    '1.',
    '.5',
    '-',
    '',
    ' ',
    '-1', // negatives refused (see formats.ts)
    '-0.5',
    '+1',
    '1e3',
    '1,000',
    '1.2.3',
    '0x1A',
    'Infinity',
    'twelve',
  ];

  it.each(accepted)('accepts %j', (value) => {
    expect(isPlainNumber(value)).toBe(true);
    expect(plainNumberSchema.safeParse(value).success).toBe(true);
  });

  it.each(refused)('refuses %j', (value) => {
    expect(isPlainNumber(value)).toBe(false);
    expect(messagesOf(plainNumberSchema.safeParse(value))).toEqual([formatMessages.number]);
  });

  it('keeps the text, trimmed, so decimals are not rounded', () => {
    expect(plainNumberSchema.parse(' 12.10 ')).toBe('12.10');
  });
});

describe('video link (§5)', () => {
  const id = 'dQw4w9WgXcQ';
  const punctuatedId = 'a_b-c_d-e_f';
  const accepted: [string, string][] = [
    [`https://www.youtube.com/watch?v=${id}`, id],
    [`https://youtube.com/watch?v=${id}`, id],
    [`https://m.youtube.com/watch?v=${id}`, id],
    [`http://www.youtube.com/watch?v=${id}`, id],
    [`https://www.youtube.com/watch?v=${id}&t=42s`, id],
    [`https://www.youtube.com/watch?feature=share&v=${id}&list=PL123`, id],
    [`https://www.youtube.com/watch?v=${punctuatedId}`, punctuatedId],
    [`https://www.youtube.com/embed/${id}`, id],
    [`https://youtube.com/embed/${id}?start=10`, id],
    [`https://www.youtube.com/shorts/${id}`, id],
    [`https://m.youtube.com/shorts/${id}`, id],
    [`https://youtube.com/shorts/${id}?feature=share`, id],
    [`https://youtu.be/${id}`, id],
    [`https://youtu.be/${id}?si=abc123&t=5`, id],
    [`http://youtu.be/${punctuatedId}`, punctuatedId],
    [`  https://youtu.be/${id}  `, id],
    [`HTTPS://WWW.YOUTUBE.COM/watch?v=${id}`, id],
  ];
  const short = id.slice(0, 10);
  const long = `${id}X`;
  const refused = [
    // wrong-length ids, every form
    `https://www.youtube.com/watch?v=${short}`,
    `https://www.youtube.com/watch?v=${long}`,
    `https://www.youtube.com/embed/${short}`,
    `https://www.youtube.com/embed/${long}`,
    `https://www.youtube.com/shorts/${short}`,
    `https://www.youtube.com/shorts/${long}`,
    `https://youtu.be/${short}`,
    `https://youtu.be/${long}`,
    // ids with characters outside [A-Za-z0-9_-]
    'https://www.youtube.com/watch?v=dQw4w9WgXc!',
    'https://youtu.be/dQw4w9WgX.Q',
    // not one of the four forms
    'https://www.youtube.com/watch',
    `https://www.youtube.com/watch?list=${id}`,
    `https://www.youtube.com/watch/${id}`,
    `https://www.youtube.com/v/${id}`,
    `https://www.youtube.com/${id}`,
    `https://youtu.be/embed/${id}`,
    'https://youtu.be/',
    `https://www.youtube.com/embed/${id}/extra`,
    // other hosts, schemes, or no scheme
    `https://vimeo.com/${id}`,
    `https://youtube.com.evil.example/watch?v=${id}`,
    `https://evilyoutube.com/watch?v=${id}`,
    `https://www.youtube-nocookie.com/embed/${id}`,
    `https://music.youtube.com/watch?v=${id}`,
    `https://www.youtu.be/${id}`,
    `youtube.com/watch?v=${id}`,
    `www.youtube.com/watch?v=${id}`,
    `youtu.be/${id}`,
    `ftp://youtu.be/${id}`,
    `https://youtu.be:8443/${id}`,
    `https://user@youtube.com/watch?v=${id}`,
    '',
    id,
  ];

  it.each(accepted)('accepts %s, id %s', (value, expected) => {
    expect(videoIdFromLink(value)).toBe(expected);
    expect(isVideoLink(value)).toBe(true);
    expect(videoLinkSchema.safeParse(value).success).toBe(true);
  });

  it.each(refused)('refuses %j', (value) => {
    expect(videoIdFromLink(value)).toBeNull();
    expect(isVideoLink(value)).toBe(false);
    expect(messagesOf(videoLinkSchema.safeParse(value))).toEqual([formatMessages.videoLink]);
  });
});

describe('activity-tracking settings (§5)', () => {
  it.each([1, 10, 1800, Number.MAX_SAFE_INTEGER])('accepts %d', (value) => {
    expect(isWholeNumber(value)).toBe(true);
    expect(wholeNumberSchema.safeParse(value).success).toBe(true);
  });

  it.each([0, -1, -10, 1.5, 10.000001, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, '10', null, undefined])('refuses %s', (value) => {
    expect(isWholeNumber(value)).toBe(false);
    expect(messagesOf(wholeNumberSchema.safeParse(value))).toEqual([formatMessages.wholeNumber]);
  });

  it('accepts the §9 defaults', () => {
    expect(activityTrackingSchema.parse({ minimumVisitLength: 10, heartbeatDelay: 10 })).toEqual({
      minimumVisitLength: 10,
      heartbeatDelay: 10,
    });
  });

  it('names the field that is not a whole number', () => {
    const result = activityTrackingSchema.safeParse({ minimumVisitLength: 2.5, heartbeatDelay: 0 });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['minimumVisitLength'], formatMessages.wholeNumber],
      [['heartbeatDelay'], formatMessages.wholeNumber],
    ]);
  });

  it('requires both settings', () => {
    const result = activityTrackingSchema.safeParse({ heartbeatDelay: 10 });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['minimumVisitLength']]);
  });
});

describe('text (safeText)', () => {
  it.each(['Ada', 'Zoë Łukasz-O’Neil', '日本語', 'emoji 👗✨', '', ' spaced '])('accepts %j', (value) => {
    expect(textProblem(value)).toBeNull();
    expect(safeText().safeParse(value).success).toBe(true);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', '\u0007'],
    ['escape', 'x\u001b[31m'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
    ['a line break on one line', 'first\nlast'],
    ['a tab on one line', 'a\tb'],
  ])('refuses %s with the control-character message', (_case, value) => {
    expect(textProblem(value)).toBe('controlCharacter');
    expect(messagesOf(safeText().safeParse(value))).toEqual([textMessages.controlCharacter]);
  });

  it.each([
    ['a lone high surrogate', 'Beaut\uD83C'],
    ['a lone low surrogate', '\uDC00x'],
    ['a reversed pair', '\uDC00\uD800'],
  ])('refuses %s with the broken-character message', (_case, value) => {
    expect(textProblem(value)).toBe('brokenCharacter');
    expect(messagesOf(safeText().safeParse(value))).toEqual([textMessages.brokenCharacter]);
  });

  it('keeps tab and line breaks where text may span lines, never NUL', () => {
    expect(safeText({ multiline: true }).safeParse('line one\r\n\tline two').success).toBe(true);
    expect(messagesOf(safeText({ multiline: true }).safeParse('a\u0000'))).toEqual([textMessages.controlCharacter]);
  });

  it('gives one message: the field’s own rules after it do not add a second', () => {
    const name = safeText({ error: 'Enter your name' }).trim().min(1, { error: 'Enter your name' }).max(3, { error: 'Too long' });
    expect(messagesOf(name.safeParse('a\u0000bcdef'))).toEqual([textMessages.controlCharacter]);
    expect(messagesOf(name.safeParse(42))).toEqual(['Enter your name']);
    expect(name.parse(' Ada ')).toBe('Ada');
  });

  it('finds the first bad string in a body, keys included, with its path', () => {
    expect(findTextProblem({ traits: { email: 'a@example.com', name: { first: 'A\u0000' } } })).toEqual({
      path: ['traits', 'name', 'first'],
      problem: 'controlCharacter',
    });
    expect(findTextProblem({ list: ['ok', '\uD800'] })).toEqual({ path: ['list', '1'], problem: 'brokenCharacter' });
    expect(findTextProblem({ 'bad\u0000key': 'x' })).toEqual({ path: ['bad\u0000key'], problem: 'controlCharacter' });
    expect(findTextProblem({ a: 1, b: null, c: [true, { d: 'fine' }] })).toBeNull();
  });

  it('names what PostgreSQL cannot store at all', () => {
    expect(unstorableText('a\u0000')).toBe('a NUL character');
    expect(unstorableText('\uD800')).toBe('half of a surrogate pair');
    expect(unstorableText('tab\tand 👗')).toBeNull();
  });
});
