import { beforeAll, describe, expect, it } from 'vitest';
import { converseWith, loadOfflineClone } from '../../../../helpers/offline-clone';

// A total asked of a price the content or the previous reply states is worked out: hours at the
// hourly rate ($200), months of the retainer ($6,500) or of a voice plan ($29, $59, $99 from
// shared/plans.ts), workshop days for a group (up to 15 a day at $3,500), the 15% discount.

let clone: Awaited<ReturnType<typeof loadOfflineClone>>;
beforeAll(async () => {
  clone = await loadOfflineClone();
});
const converse = (...questions: string[]) => converseWith(clone, ...questions).reply.text;

describe('offline clone: sums of the prices it states', () => {
  it('multiplies the rate the previous reply gave', () => {
    expect(
      converse("What's your hourly rate?", 'So what would 10 hours of advisory work come to?'),
    ).toContain('10 hours at $200 per hour come to $2,000.');
    expect(
      converse(
        'What does the fractional AI architect retainer cost?',
        'What would six months cost at that starting price?',
      ),
    ).toContain('6 months at $6,500 per month come to $39,000.');
    expect(
      converse('Which voice plan is the cheapest?', 'How much would I pay for a full year on it?'),
    ).toContain('12 months at $29 per month come to $348.');
  });

  it('prices a plan over a year, per minute and in hours, in any language', () => {
    expect(converse('what would the professional plan cost me over a year')).toContain('comes to $708.');
    expect(converse('Was würde mich der Enterprise-Sprachtarif über ein ganzes Jahr kosten?')).toContain(
      'comes to $1,188.',
    );
    expect(
      converse('What is the effective price per minute on the Monthly voice plan if all minutes are used?'),
    ).toContain('$0.29 a minute');
    expect(
      converse("What's in the Professional voice plan?", 'and how many hours of talking is that?'),
    ).toContain('300 minutes a month are 5 hours of talking');
    expect(
      converse(
        'Si je te prends pour une journée de conseil de huit heures au tarif horaire, ça fait combien ?',
      ),
    ).toContain('8 hours at $200 per hour come to $1,600.');
  });

  it('counts the workshop days a group needs and applies the discount to one end of a range', () => {
    expect(
      converse(
        'What is your workshop day rate?',
        'We have 30 engineers. If each day takes the maximum group size, how many days do we need and what is the total?',
      ),
    ).toContain(
      'you need 2 days (a day takes up to 15 participants): 2 days at $3,500 per day come to $7,000.',
    );
    expect(
      converse(
        'What does an architecture assessment cost?',
        'If we qualify as an early-stage startup, what would the top of that range come to after your discount?',
      ),
    ).toMatch(/15% discount\. The top of the range, \$15,000, comes to \$12,750 with it\.$/);
  });

  it('prices minutes at the hourly rate, a quarter of the retainer and one of each plan', () => {
    expect(
      converse(
        "What's your hourly rate?",
        'in what increments do you bill?',
        'so what would a 45-minute call cost us?',
      ),
    ).toContain('45 minutes at $200 per hour come to $150.');
    expect(
      converse(
        'What do your workshops and the fractional retainer cost?',
        'what would the second one come to for a full quarter?',
      ),
    ).toContain('3 months at $6,500 per month come to $19,500.');
    expect(
      converse(
        'If my three co-founders each took a different voice plan, what would our combined monthly bill be?',
      ),
    ).toContain('comes to $187 per month.');
    expect(
      converse(
        'Which voice plans are there?',
        "I'm on Monthly. How many more minutes would Professional give me, and how much more per month?",
      ),
    ).toMatch(/\$30 a month more for 200 more minutes\.$/);
  });

  it('reads an invoice, "works out to", the middle plan and a plan priced by its name', () => {
    expect(
      converse(
        "What's your hourly rate?",
        'If we use you for 10 hours this month, what would the invoice be?',
      ),
    ).toContain('come to $2,000.');
    expect(
      converse('On the Monthly voice plan, what does a minute work out to if I use all my minutes?'),
    ).toContain('$0.29 a minute');
    expect(
      converse(
        'so which voice plans have you got?',
        'hmm okay, and if I went with the middle one for a whole year, how much is that all together?',
      ),
    ).toContain('The Professional voice plan for 12 months at $59 per month comes to $708.');
    expect(converse('Confirm the Enterprise price for me.')).toMatch(
      /^The Enterprise voice plan costs \$99 per month/,
    );
    expect(converse('if i keep the pro plan for 3 months whats that total')).toContain(
      'The Professional voice plan for 3 months at $59 per month comes to $177.',
    );
  });

  it('applies the discount to the price line the question names, and to none when no sum is asked', () => {
    expect(
      converse("We're a non-profit, what would an architecture assessment come to after your discount?"),
    ).toMatch(/The range of \$9,000-\$15,000 comes to \$7,650-\$12,750 with it\.$/);
    expect(converse('I work at a startup. Do you give discounts?')).not.toMatch(/comes to/);
  });

  it('does no sum for a quantity that is not one to price', () => {
    for (const question of [
      'We need a senior person a few days every month. What would that cost?',
      'We need about 20 hours a week from you, what do you charge?',
      'Our team is 30 people, what would a proof of concept cost?',
      'With 20 years behind you, what does the retainer cost?',
    ])
      expect(converse(question), question).not.toMatch(/ come to | comes to /);
  });
});
