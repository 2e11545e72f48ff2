import { beforeAll, describe, expect, it } from 'vitest';
import { buildSiteKnowledge, priceInEnglish } from '../../../../../server/services/clone/site-knowledge';
import { formatPrice } from '../../../../../shared/plans';
import { loadContent, type OwnerContent } from '../../../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../../../helpers/fixture-owners';

let owner: OwnerContent;
beforeAll(async () => {
  owner = await loadContent(fixtureOwnerDir('alex-morgan'));
});
const content = (daysOff: OwnerContent['daysOff']): OwnerContent => ({ ...owner, daysOff });

describe('the site document: days off', () => {
  const daysOff = [
    { from: '2026-11-26', to: '2026-11-26', note: 'Thanksgiving' },
    { from: '2026-12-24', to: '2027-01-01', note: 'Winter break' },
    { from: '2027-02-15', to: '2027-02-15' },
  ];

  it('lists the days off still ahead with their weekday, date and note', () => {
    const { body } = buildSiteKnowledge(content(daysOff), { today: '2026-11-24' });
    expect(body).toContain('## Days off and holidays');
    expect(body).toContain('- **Thanksgiving:** Thursday, November 26, 2026.');
    // A longer time off says when the owner is back: the first weekday after it that is not off.
    expect(body).toContain(
      '- **Winter break:** Thursday, December 24, 2026 to Friday, January 1, 2027 (back on Monday, January 4, 2027).',
    );
    expect(body).toContain('- **Day off:** Monday, February 15, 2027.');
  });

  it('leaves out the days off that have ended, and the section when none is left', () => {
    const { body } = buildSiteKnowledge(content(daysOff), { today: '2026-12-30' });
    expect(body).not.toContain('Thanksgiving');
    expect(body).toContain('Winter break');
    expect(buildSiteKnowledge(content(daysOff), { today: '2027-03-01' }).body).not.toContain('Days off');
  });
});

describe('the site document: booking', () => {
  it('says how much notice a booking needs, from the setting the booking rule enforces', () => {
    expect(buildSiteKnowledge(owner).body).toContain('Eastern Time) at least 2 hours ahead');
    expect(buildSiteKnowledge(owner, { minNoticeHours: 24 }).body).toContain('at least 24 hours ahead');
  });
});

describe('the site document: plan prices', () => {
  it('writes a price in the commonest currencies as Intl does in en-US, without Intl', () => {
    for (const currency of ['usd', 'eur', 'gbp', 'USD'])
      for (const amount of [0, 9, 29, 24.5, 29.99, 1200, 1234.5, 1_000_000])
        expect(priceInEnglish(amount, currency)).toBe(formatPrice(amount, currency, 'en-US'));
  });

  it('leaves any other currency to Intl', () => {
    expect(priceInEnglish(29, 'chf')).toBe(formatPrice(29, 'chf', 'en-US'));
  });

  it('lists each plan with its price', () => {
    expect(buildSiteKnowledge(owner).body).toContain(
      '- **Monthly:** $29 per month, 100 voice minutes a month.',
    );
  });
});
