// The enquiry forms' rules (enquiry-input.ts), as the browser, the page action and the service
// apply them: what each kind requires, and the text no person types (decision 022).
import { describe, expect, it } from 'vitest';
import { messagesByField, fieldErrorsFromZod } from '../../shared/validation/field-errors.ts';
import { textMessages } from '../../shared/validation/formats.ts';
import { ENQUIRY_KINDS, enquiryFormSchema, enquiryMessages, sourcePathSchema, type EnquiryKind } from './enquiry-input.ts';

const complete: Record<EnquiryKind, Record<string, string>> = {
  professional: { name: 'Ada Okafor', email: 'ada@house.example', company: 'House', jobTitle: 'Buyer', country: 'GB' },
  student: { name: 'Ada', email: 'ada@uni.example', company: 'University', jobTitle: 'Lecturer', country: 'FR', message: 'Forty students' },
  insights: { name: 'Ada', email: 'ada@co.example', company: 'Co', message: 'Beauty in India' },
  media: { name: 'Jo', email: 'jo@paper.example', company: 'The Paper', message: 'Comment by Friday' },
  group: { name: 'Ada', email: 'ada@house.example', company: 'House', teamSize: '40', country: 'IT' },
};

function errorsOf(kind: EnquiryKind, values: Record<string, unknown>): Record<string, string> {
  const result = enquiryFormSchema(kind).safeParse(values);
  return result.success ? {} : messagesByField(fieldErrorsFromZod(result.error));
}

describe('each kind', () => {
  it.each(ENQUIRY_KINDS)('%s: a complete form passes, trimmed, the email lower-cased', (kind) => {
    const result = enquiryFormSchema(kind).parse({ ...complete[kind], name: '  Ada  ', email: ' ADA@House.example ' });
    expect(result.name).toBe('Ada');
    expect(result.email).toBe('ada@house.example');
  });

  it('asks each kind only its own fields (the rest is dropped)', () => {
    const media = enquiryFormSchema('media').parse({ ...complete.media, teamSize: '12', website: 'x' });
    expect(media).not.toHaveProperty('teamSize');
    expect(media).not.toHaveProperty('website');
    const group = enquiryFormSchema('group').parse(complete.group);
    expect(group.teamSize).toBe(40);
  });

  it('names every missing required field in its own words', () => {
    expect(errorsOf('group', {})).toEqual({
      name: enquiryMessages.name,
      email: enquiryMessages.email,
      company: enquiryMessages.company.group,
      country: enquiryMessages.country,
      teamSize: enquiryMessages.teamSize,
    });
    expect(errorsOf('media', { name: '', email: '', company: '', message: ' ' })).toEqual({
      name: enquiryMessages.name,
      email: enquiryMessages.email,
      company: enquiryMessages.company.media,
      message: enquiryMessages.message,
    });
  });

  it('leaves optional fields out when blank', () => {
    const result = enquiryFormSchema('insights').parse({ ...complete.insights, jobTitle: '   ', country: '' });
    expect(result.jobTitle).toBeUndefined();
    expect(result.country).toBeUndefined();
  });
});

describe('refused text', () => {
  it('refuses control characters, keeping line breaks in the message only', () => {
    expect(errorsOf('media', { ...complete.media, name: 'Jo\u0000' }).name).toBe(textMessages.controlCharacter);
    expect(errorsOf('media', { ...complete.media, name: 'Jo\nBcc: x' }).name).toBe(textMessages.controlCharacter);
    expect(errorsOf('media', { ...complete.media, company: 'Paper\u0007' }).company).toBe(textMessages.controlCharacter);
    expect(errorsOf('media', { ...complete.media, message: 'Line one\r\nLine two\tindented' })).toEqual({});
    expect(errorsOf('media', { ...complete.media, message: 'Bell\u0007' }).message).toBe(textMessages.controlCharacter);
    expect(errorsOf('media', { ...complete.media, message: 'C1\u0085' }).message).toBe(textMessages.controlCharacter);
  });

  it('refuses half of a surrogate pair, and keeps a whole emoji', () => {
    expect(errorsOf('media', { ...complete.media, message: 'broken \ud83d' }).message).toBe(textMessages.brokenCharacter);
    expect(errorsOf('media', { ...complete.media, name: '\udc00Jo' }).name).toBe(textMessages.brokenCharacter);
    expect(errorsOf('media', { ...complete.media, message: 'Thank you 🙏' })).toEqual({});
  });

  it('refuses over-long fields', () => {
    expect(errorsOf('media', { ...complete.media, name: 'a'.repeat(101) }).name).toBe(enquiryMessages.nameTooLong);
    expect(errorsOf('media', { ...complete.media, company: 'a'.repeat(201) }).company).toBe(enquiryMessages.companyTooLong);
    expect(errorsOf('professional', { ...complete.professional, jobTitle: 'a'.repeat(101) }).jobTitle).toBe(
      enquiryMessages.jobTitleTooLong,
    );
    expect(errorsOf('media', { ...complete.media, message: 'a'.repeat(5001) }).message).toBe(enquiryMessages.messageTooLong);
    expect(errorsOf('media', { ...complete.media, message: 'a'.repeat(5000) })).toEqual({});
    expect(errorsOf('media', { ...complete.media, email: `${'a'.repeat(250)}@b.example` }).email).toBe(enquiryMessages.email);
  });

  it('refuses an address that is not one', () => {
    for (const email of ['jo', 'jo@', '@paper.example', 'jo@paper', "o'neil@paper.example", 'jo@@paper.example', 'jo@paper.example\u0000'])
      expect(errorsOf('media', { ...complete.media, email }).email, email).toBeDefined();
  });

  it('takes a team size of 2 to 100,000 people as digits only', () => {
    for (const teamSize of ['1', '0', '-5', '2.5', '1e3', '100001', 'ten', '12 people'])
      expect(errorsOf('group', { ...complete.group, teamSize }).teamSize, teamSize).toBe(enquiryMessages.teamSize);
    expect(enquiryFormSchema('group').parse({ ...complete.group, teamSize: ' 100000 ' }).teamSize).toBe(100_000);
    expect(enquiryFormSchema('group').parse({ ...complete.group, teamSize: 7 }).teamSize).toBe(7);
  });

  it('takes a country as a two-letter code (whether it exists is the service’s check)', () => {
    expect(errorsOf('group', { ...complete.group, country: 'Italy' }).country).toBe(enquiryMessages.unknownCountry);
    expect(errorsOf('group', { ...complete.group, country: 'it' }).country).toBe(enquiryMessages.unknownCountry);
  });

  it('refuses fields that are not text', () => {
    expect(errorsOf('media', { ...complete.media, name: ['Jo'] }).name).toBe(enquiryMessages.name);
    expect(errorsOf('media', { ...complete.media, message: { a: 1 } }).message).toBe(enquiryMessages.message);
  });
});

describe('the page an enquiry was sent from', () => {
  it('is a path of this site', () => {
    expect(sourcePathSchema.parse('/subscriptions/executive/?from=groups')).toBe('/subscriptions/executive/?from=groups');
    for (const path of ['https://evil.example/', '//evil.example/', '/\\evil', 'contact/', '/a b', `/${'a'.repeat(2048)}`, '/\u0000'])
      expect(sourcePathSchema.safeParse(path).success, path).toBe(false);
  });
});
