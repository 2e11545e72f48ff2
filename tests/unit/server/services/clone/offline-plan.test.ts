import { beforeAll, describe, expect, it } from 'vitest';
import { converseWith, loadOfflineClone } from '../../../../helpers/offline-clone';
import { answerPlanForAmount } from '../../../../../server/services/clone/offline/answer-plan';

// "Which plan for about 250 minutes a month?" names the cheapest voice plan that covers it, worked
// out from shared/plans.ts ($29 for 100 minutes, $59 for 300, $99 unlimited).

let clone: Awaited<ReturnType<typeof loadOfflineClone>>;
beforeAll(async () => {
  clone = await loadOfflineClone();
});
const ask = (question: string) => converseWith(clone, question).reply.text;

describe('offline clone: the plan for an amount of voice time', () => {
  it('names the cheapest plan that covers the minutes or hours asked', () => {
    expect(ask("We'd use the voice clone around 250 minutes a month. Which plan should we pick?")).toBe(
      'For about 250 minutes a month, the Professional plan fits: $59 per month for 300 voice minutes.',
    );
    expect(ask('is the cheapest plan enough for 80 minutes?')).toMatch(
      /the Monthly plan fits: \$29 per month/,
    );
    expect(ask('which voice plan for 10 hours a month')).toMatch(
      /^For about 600 minutes a month, the Enterprise plan fits: \$99 per month with unlimited voice minutes\.$/,
    );
  });

  it('reads minutes called voice minutes, and compares plans asked "how much more" or by a monthly price', () => {
    expect(
      ask(
        'We expect about 250 voice minutes a month. Which is the cheapest plan that covers that, and at what price?',
      ),
    ).toMatch(/^For about 250 minutes a month, the Professional plan fits: \$59 per month/);
    expect(ask('How much more per month is the top voice tier than the middle one?')).toMatch(
      /^The Professional plan costs \$59 .*the Enterprise plan costs \$99 .*\$40 a month more\.$/,
    );
    expect(
      ask('What is the monthly price difference between the Professional and Enterprise voice plans?'),
    ).toMatch(/\$40 a month more\.$/);
    expect(
      ask(
        "I'm on Professional and keep using up all my minutes. How much more per month would unlimited cost me?",
      ),
    ).toMatch(/the Enterprise plan costs \$99 .*\$40 a month more\.$/);
    expect(ask('Roughly what does one minute cost on the Monthly plan?')).toMatch(/\$0\.29 a minute/);
  });

  it('answers in Spanish and German too, and says prices aloud by voice', () => {
    expect(ask('¿Qué plan me conviene para unos 150 minutos al mes?')).toMatch(
      /^Te cuento .*\n\nFor about 150 minutes a month, the Professional plan fits/,
    );
    expect(ask('Welchen Tarif empfehlen Sie für 400 Minuten im Monat?')).toMatch(/the Enterprise plan fits/);
    expect(answerPlanForAmount('what plan covers 300 minutes', 'voice')?.text).toBe(
      'For about 300 minutes a month, the Professional plan fits: 59 dollars a month for 300 voice minutes.',
    );
  });

  it('leaves alone questions that choose nothing or name no amount', () => {
    for (const question of [
      'I used 120 minutes of my plan, what happens then?',
      'How many minutes does the Professional plan include?',
      'How long is a call with you, 60 minutes?',
    ])
      expect(answerPlanForAmount(question), question).toBeUndefined();
  });
});

describe('offline clone: one plan asked about', () => {
  it('answers a plan named or described with its price and minutes, not the list', () => {
    expect(ask('What does the Professional plan cost?')).toBe(
      'The Professional voice plan costs $59 per month for 300 voice minutes, renewed every month until you cancel it.',
    );
    expect(ask('is there a cheap plan for the voice thing? how many min do i get')).toMatch(
      /^The cheapest voice plan is Monthly: it costs \$29 per month for 100 voice minutes/,
    );
    const top = ask('Is the voice clone subscription billed monthly, and what does the top tier cost?');
    expect(top).toMatch(
      /The top voice plan is Enterprise: it costs \$99 per month with unlimited voice minutes/,
    );
    expect(top).not.toMatch(/Architecture assessment/);
    expect(ask('¿Qué incluye el plan de voz Professional y cuánto cuesta?')).toMatch(
      /^Te cuento .*\n\nThe Professional voice plan costs \$59 per month for 300 voice minutes, renewed every month until you cancel it\.$/,
    );
  });

  it('answers "the one above it" after one plan, and leaves comparisons to the list', () => {
    const reply = converseWith(
      clone,
      'What does the Professional voice plan cost?',
      'and the one above it?',
    ).reply;
    expect(reply.text).toMatch(/^The Enterprise voice plan costs \$99 per month/);
    const compared = ask('What is the difference between the cheapest and the priciest voice plan?');
    expect(compared).toMatch(/\$29.*\$99/s);
    expect(ask('On the Enterprise plan, can a single voice call go on for hours?')).toMatch(/15 minutes/);
  });
});

describe('offline clone: two plans compared', () => {
  it('gives both plans and how far apart their prices are', () => {
    expect(ask('What is the difference between the Monthly and the Professional voice plan?')).toBe(
      'The Monthly plan costs $29 per month for 100 voice minutes; the Professional plan costs $59 per month for 300 voice minutes, $30 a month more.',
    );
    const gap = converseWith(
      clone,
      'What voice plans does this site sell?',
      "What's the price gap between the cheapest and the priciest?",
    ).reply.text;
    expect(gap).toMatch(/Monthly plan costs \$29 .* Enterprise plan costs \$99 .*\$70 a month more/);
    expect(
      converseWith(clone, 'whats the difference between professional and enterprise').reply.text,
    ).toMatch(/^The Professional plan costs \$59 .*\$40 a month more\.$/);
  });
});
