import { beforeAll, describe, expect, it } from 'vitest';
import { converseWith, loadOfflineClone } from '../../../../helpers/offline-clone';
import type { KnowledgeIndex } from '../../../../../server/services/clone/knowledge-index';
import { composeOfflineReply } from '../../../../../server/services/clone/offline/compose-offline-reply';
import type { OwnerContent } from '../../../../../server/services/content/load-content';

// How the offline clone shapes answers a visitor did not phrase the content's way: a project's
// result, both sides of "X or Y?", the sentence beside the one that matched, the days off.

let content: OwnerContent;
let index: KnowledgeIndex;
beforeAll(async () => {
  ({ content, index } = await loadOfflineClone({ today: '2026-11-24' }));
});

const ask = (question: string) =>
  composeOfflineReply([{ role: 'user', content: question }], content.profile, index);

describe('offline clone: answers shaped for the question', () => {
  it("gives the part of a project asked for, then the project's result in a line", () => {
    const how = ask('How did you build the support copilot?').text;
    expect(how).toMatch(/the solution was an agent-assist copilot/);
    expect(how).toMatch(/The result: 31% of incoming questions were resolved without an agent\./);
    expect(how).not.toMatch(/\*\*Problem:\*\*/);
    const who = ask('Who was the client of the contract intelligence project?').text;
    expect(who).toMatch(/the client was the legal department of a global industrial manufacturer/);
  });

  it('answers a question about a number with the outcome alone, not the whole case study', () => {
    const { text } = ask('how many wards use the hospital thing');
    expect(text).toMatch(/more than 40 wards/);
    expect(text).not.toMatch(/\*\*Client:\*\*/);
  });

  it('takes an LLM named in passing as the topic, not as a question for the model list', () => {
    const { text } = ask('Would we end up married to a single LLM vendor if you build this for us?');
    expect(text).toMatch(/swapped later/);
    expect(text).not.toMatch(/Llama and Mistral/);
  });

  it('answers both sides of "fixed price, or by the hour?"', () => {
    const { text } = ask('Do you ever work fixed-price, or is everything billed by the hour?');
    expect(text).toMatch(/fixed price/);
    expect(text).toMatch(/\$200 per hour/);
  });

  it('brings the sentence that says what the heading matched: remote, not only on-site travel', () => {
    const { text } = ask(
      'Would you ever physically show up at our office, or is everything over video calls?',
    );
    expect(text).toMatch(/work remotely/);
    expect(text).toMatch(/travel on site/);
  });

  it('answers a process question by its step ("what happens in the discovery phase?")', () => {
    const { text, isAnswered } = ask('What happens in the discovery phase?');
    expect(isAnswered).toBe(true);
    expect(text).toMatch(/written proposal, scope and estimate/);
  });
});

describe('offline clone: what a question asks', () => {
  it('reads "how do you handle it" as a question, and "your GitHub handle" as an account it does not have', () => {
    const worry = ask(
      'Our compliance folks get nervous about handing company data to AI vendors. How do you handle that side?',
    );
    expect(worry.isAnswered).toBe(true);
    expect(worry.text).toMatch(/security and compliance teams/);
    expect(ask("What's your GitHub handle?").isAnswered).toBe(false);
  });

  it('answers past an aside that sets the tone ("just curious, not ready to commit:")', () => {
    const { text, isAnswered } = ask(
      'Just curious, not ready to commit: how does your discovery phase work, and is it fixed price?',
    );
    expect(isAnswered).toBe(true);
    expect(text).toMatch(/fixed-price discovery that ends with a written proposal/);
  });

  it('prices the service described under the name the rates give it', () => {
    const { text } = ask(
      "We can't justify a full-time hire, but having a senior AI person around a few days each month would help. What would something like that run us?",
    );
    expect(text).toMatch(/Fractional AI architect retainer:\*\* from \$6,500 per month/);
  });

  it('reads "When a project wraps up, what do you leave behind?" as one question', () => {
    const { text } = ask(
      "When one of your projects wraps up, what do you leave behind for the client's team?",
    );
    expect(text).toMatch(/runbooks/);
    expect(text).not.toMatch(/A few of them/);
  });

  it('gives the one dated line for "what year…"', () => {
    const { text } = ask('What year did your career in software start?');
    expect(text).toMatch(/2006/);
    expect(text).not.toMatch(/2010-2015/);
  });
});

describe('offline clone: everyday phrasing', () => {
  it.each([
    ['whose website is this anyway?', /AI clone of Alex Morgan/],
    ['How long does this bot take to reply?', /about 2 seconds/],
    ['Do you click things together in the cloud console, or is it all scripted?', /infrastructure as code/],
    ['If our AI idea turns out to be a dud, will you tell us or keep billing?', /say so early/],
    ['do you still build things yourself or just draw diagrams', /write code/],
    ['What do you actually write your code in day to day?', /Python and TypeScript/],
    ['Tell me about yourself', /^I'm Alex Morgan, a freelance AI Solutions Architect/],
    ['Do you speak German?', /English natively and conversational Spanish/],
    ['Is this really you?', /AI clone of Alex Morgan/],
    ['What makes you different from other consultants?', /business problem and a measurable goal/],
    ['Do you have references?', /Client names stay confidential/],
    // "In your projects" frames the question; how a collaboration starts is its first steps.
    ['Which language models do you use in your projects?', /^I work with OpenAI and Azure OpenAI models/],
    ['How does a collaboration with you start?', /^- \*\*Free 30-minute intro call\.\*\*/],
    [
      "I'd like to bring you in to build a RAG assistant over our policy documents. How do we get started?",
      /call/,
    ],
  ])('%s', (question, expected) => {
    const { text, isAnswered } = ask(question);
    expect(isAnswered).toBe(true);
    expect(text).toMatch(expected);
  });

  it('gives the certifications alone for "what certifications", the whole section for "education"', () => {
    const certifications = ask('what certifications do you have').text;
    expect(certifications).toMatch(/Certified Kubernetes Administrator/);
    expect(certifications).not.toMatch(/B\.S\. in Computer Science/);
    expect(ask('What is your education?').text).toMatch(/B\.S\. in Computer Science/);
  });

  it('starts with the sentence a "That usually means…" reads on from', () => {
    const { text } = ask('Can you help us build a RAG chatbot over our docs?');
    expect(text).toMatch(/^I help companies take generative AI .+ That usually means designing/s);
  });

  it('does not take "money back if it doesn\'t work out" for a question it can answer', () => {
    expect(ask("If the project doesn't work out, do I get my money back?").isAnswered).toBe(false);
  });
});

describe('offline clone: the call pitch', () => {
  it("does not offer a call about the visitor's project after the site's own offer", () => {
    const { text } = ask('What do the voice plans cost?');
    expect(text).toMatch(/\$29 per month/);
    expect(text).not.toMatch(/Schedule call|your own project/);
  });

  it('offers a call after a short answer on a sales topic, not after a long one', () => {
    expect(ask("What's your hourly rate?").text).toMatch(/Schedule call/);
    const long = ask('What are your rates?').text;
    expect(long.split(/\s+/).length).toBeGreaterThan(50);
    expect(long).not.toMatch(/Schedule call/);
  });
});

describe('offline clone: follow-ups by price', () => {
  const converse = (...questions: string[]) => converseWith({ content, index }, ...questions).reply.text;

  it('picks the dearest plan, and the next one down from the plan shown', () => {
    expect(converse('What voice plans are there?', "and the priciest one, what's special about it?")).toMatch(
      /Enterprise:\*\* \$99 per month, unlimited voice minutes/,
    );
    expect(converse("What's the price of the Professional voice plan?", 'And the cheaper one?')).toMatch(
      /^The Monthly voice plan costs \$29 per month/,
    );
  });

  it('resolves "the second one" against a plain list the previous reply showed', () => {
    expect(converse('got any certs?', 'the second one, what level is it?')).toMatch(
      /^Microsoft Certified: Azure Solutions Architect Expert\.$/,
    );
  });

  it('answers "what kinds of services" like "what services"', () => {
    expect(converse('What kinds of services do you offer?')).toMatch(
      /AI strategy and architecture assessment/,
    );
  });

  it('answers a question of its own about the item a price points at', () => {
    expect(
      converse(
        'which voice plans do you have on offer?',
        'if I go for the cheaper one, how long can each call be?',
      ),
    ).toMatch(/lasts at most 15 minutes/);
  });

  it('gives the price of the listed service asked about by its place', () => {
    expect(converse('What do you offer?', 'how much is the first one?')).toMatch(/\$9,000-\$15,000/);
  });
});

describe('offline clone: days off', () => {
  it('names the day asked about, not every holiday that is also a "day"', () => {
    const { text } = ask('Are you off on Memorial Day?');
    expect(text).toContain('Memorial Day:** Monday, May 31, 2027');
    expect(text).not.toContain('Labor Day');
  });

  it('answers the holidays around the new year with the winter break', () => {
    const { text, isAnswered } = ask('Do you work between Christmas and New Year?');
    expect(isAnswered).toBe(true);
    expect(text).toContain('Winter break:** Thursday, December 24, 2026 to Friday, January 1, 2027');
  });

  it('lists the days off for "when are you off for the holidays?"', () => {
    const { text } = ask('when are you off for the holidays this year');
    expect(text).toMatch(/Thanksgiving:\*\* Thursday, November 26, 2026/);
    expect(text).not.toMatch(/20-30 hours a week/);
  });
});

describe('offline clone: follow-ups that stay on one project', () => {
  it('gives "the stack" of the project just told, not the best match among all projects', () => {
    const { reply } = converseWith(
      { content, index },
      'Tell me about the claims triage assistant.',
      'What was the stack?',
    );
    expect(reply.text).toMatch(/Azure OpenAI/);
    expect(reply.text).not.toMatch(/Kafka/);
  });

  it('keeps a question without a pointing word on the project just told', () => {
    const { reply } = converseWith(
      { content, index },
      'Tell me about the mainframe project.',
      'What was the outcome?',
      'Any problems for customers during the switch?',
    );
    expect(reply.text).toMatch(/regional bank/);
    expect(reply.text).not.toMatch(/support copilot/);
  });

  it.each([
    // The part that says the word a loose question uses: the client's "models".
    [
      [
        'You mentioned a Boston fintech somewhere. What was that project?',
        'what kind of models were they serving?',
      ],
      /fraud-detection and document models/,
    ],
    // The second line of the career told (its key ends with a full stop).
    [
      ['Walk me through your career so far.', 'the second one, what kind of clients did you work for there?'],
      /banks, insurers and hospitals/,
    ],
    // What was done for one of the industries is a project, not the industries again.
    [
      ['Which industries do you work in?', 'and what have you actually done for a manufacturer?'],
      /Contract intelligence for a global manufacturer/,
    ],
  ])('follows %j to what it points at', (questions, expected) => {
    expect(converseWith({ content, index }, ...questions).reply.text).toMatch(expected);
  });

  it('answers "how did you know it was any good before going live?" with how the work was tested', () => {
    const { reply } = converseWith(
      { content, index },
      'What did you build for the B2B SaaS support team?',
      'how did you know the drafts were any good before going live?',
    );
    expect(reply.text).toMatch(/evaluation harness that replays past tickets/);
    expect(reply.text).not.toMatch(/2006-2010/);
  });

  it('answers how widely it is used and how many were counted, and declines a count it never gives', () => {
    const ask = (...questions: string[]) => converseWith({ content, index }, ...questions).reply;
    expect(ask('What did you build for the hospital network?', 'how widely is it used now?').text).toMatch(
      /used on more than 40 wards/,
    );
    expect(ask('Tell me about the hospital project.', 'How many hospitals?').text).toMatch(/five hospitals/);
    expect(
      ask('Tell me about the claims triage assistant.', 'How many adjusters were using it?').isAnswered,
    ).toBe(false);
  });

  it('still leaves the project for a question about another one', () => {
    const { reply } = converseWith(
      { content, index },
      'Tell me about the mainframe project.',
      'What did the hospital get?',
    );
    expect(reply.text).toMatch(/hospital/i);
  });
});

describe('offline clone: two questions about one subject', () => {
  it('prices the request when a later sentence asks for a quote and the invitation answers it', () => {
    const { text } = ask(
      "Can you run a two-day GenAI workshop for our leadership team in February? Send me a quote and let's talk.",
    );
    expect(text).toMatch(/^\*\*Workshops:\*\* \$3,500 per day/);
    expect(text).toMatch(/The best next step is a call/);
  });

  it('reads "who does the work, or do you hand it off?" as working alone or with a team', () => {
    const { text } = ask('Who actually does the work — you, or do you hand it off to juniors?');
    expect(text).toMatch(/I lead every engagement personally/);
  });

  it('prices the subject of the question before "What\'s the price?", and leaves "let\'s set it up" to the invitation', () => {
    const { text } = ask(
      "Could you run a one-day AI security workshop for 12 of our engineers next quarter? What's the price? If it works, let's set it up.",
    );
    expect(text).toMatch(/\$3,500 per day/);
    expect(text).not.toMatch(/evaluation set from real examples/);
    expect(text).toMatch(/Schedule call/);
  });

  it('answers both questions joined by "n", and "outside the US" as clients abroad', () => {
    const both = ask('wat state r u in n do u evr come onsite').text;
    expect(both).toMatch(/Massachusetts/);
    expect(both).toMatch(/on site/);
    expect(ask("We're based in Amsterdam. Do you even take clients outside the US?").text).toMatch(/Europe/);
  });

  it('answers a section named by its heading ("the Cloud & Infrastructure side")', () => {
    const { text } = ask('What does the Cloud & Infrastructure side of your work cover?');
    expect(text).toMatch(/landing zones/);
    expect(text).not.toMatch(/Mainframe/i);
  });

  it('leads with the sentence that says most of the question, even behind shorter matches', () => {
    expect(ask('How long is the intro call?').text).toMatch(/^\*\*Free 30-minute intro call/);
  });

  it('declines to name a client asked for by "name the insurer"', () => {
    expect(ask('Name the insurer from the claims triage project.').text).toMatch(
      /Client names stay confidential/,
    );
  });

  it('does not answer a second question the first answer already said', () => {
    const { text } = ask("What's the name of your company? Who would we actually contract with?");
    expect(text).toMatch(/Morgan Solutions Architecture LLC/);
    expect(text).not.toMatch(/Contract intelligence/i);
  });

  it('answers "how long" with the subject the next question names', () => {
    const { text } = ask('How long does it take and what does an architecture assessment cost?');
    expect(text).toMatch(/two to three weeks/);
    expect(text).toMatch(/\$9,000-\$15,000/);
  });

  it('splits a Spanish question at "y cuánto…" and prices the subject of the first', () => {
    const { text } = ask('¿Cuánto dura y cuánto cuesta una evaluación de arquitectura?');
    expect(text).toMatch(/2-3 weeks/);
    expect(text).toMatch(/\$9,000-\$15,000/);
    const plan = ask('¿Cuál es el plan de llamadas de voz más elegido y cuánto cuesta?').text;
    expect(plan).toMatch(/\$59/);
    expect(plan).not.toMatch(/\$200 per hour/);
  });
});

describe('offline clone: booking in visitors’ words', () => {
  it.each(['Do I get to choose when the call with Alex happens?', 'Is there a Friday slot at 4pm?'])(
    'answers %j with how booking works',
    (question) => {
      expect(ask(question).text).toMatch(/pick one of the next \d+ weekdays/);
    },
  );

  it('says once that the call is free, however the call is named', () => {
    const text = ask('Does the phone call with Alex cost anything?').text;
    expect(text).toMatch(/^Booking a phone call with me is free\./);
    expect(text.match(/\bfree\b/g)).toHaveLength(1);
  });

  it('answers "Is the 9am slot Boston time or my local time?" with the zone of the slots', () => {
    expect(ask('Is the 9am slot Boston time or my local time?').text).toMatch(/9:00-12:00 .*Eastern time/);
  });
});

describe('offline clone: the voice plans asked about in passing', () => {
  it('reads "out loud instead of typing" as the voice calls, and never ends on a colon', () => {
    const { text } = ask('I hate typing. Is there a way to just talk to your clone out loud?');
    expect(text).toMatch(/Voice Call page/);
    expect(text).toMatch(/Voice calls need a monthly plan:\n\n- \*\*Monthly/);
    expect(ask('If I buy a voice plan, is that a one-time payment?').text).toMatch(/renews every month/);
  });
});
