// Who each newsletter is for (decision 045), as a table.
import { describe, expect, it } from 'vitest';
import { audienceOf, mayReceive, type AudienceFacts } from './audience.ts';

const plain: AudienceFacts = { newsletterGroup: 'DAILY', isExecutive: false, isProfessional: false };
const executive = { ...plain, newsletterGroup: 'WEEKLY', isExecutive: true } as const;
const professional = { ...plain, newsletterGroup: 'WEEKLY', isProfessional: true } as const;
const personalised = { ...plain, newsletterGroup: 'PERSONALISED' } as const;

const reader = (membershipLevel: string, isBofAdmin = false) => ({ membershipLevel, isBofAdmin });

describe('newsletter audience', () => {
  it('names each kind', () => {
    expect([plain, executive, professional, personalised].map(audienceOf)).toEqual(['everyone', 'premium', 'members', 'signed-in']);
  });

  it.each([
    ['anonymous', null, [true, false, false, false]],
    ['registered', reader('None'), [true, false, false, true]],
    ['Restricted', reader('Restricted'), [true, false, false, true]],
    ['Standard', reader('Standard'), [true, false, true, true]],
    ['TopicBeauty', reader('TopicBeauty'), [true, false, true, true]],
    ['Premium', reader('Premium'), [true, true, true, true]],
    ['AllAccess', reader('AllAccess'), [true, true, true, true]],
    ['site admin', reader('None', true), [true, true, true, true]],
  ] as const)('%s: plain, executive, professional, personalised', (_who, who, expected) => {
    expect([plain, executive, professional, personalised].map((n) => mayReceive(n, who))).toEqual(expected);
  });
});
