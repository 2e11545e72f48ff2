import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatTurn } from '../../../server/services/clone/chat-model';
import { composeOfflineReply } from '../../../server/services/clone/compose-offline-reply';
import { buildKnowledgeIndex, type KnowledgeIndex } from '../../../server/services/clone/knowledge-index';
import { createOfflineChatModel, splitIntoWords } from '../../../server/services/clone/offline-chat-model';
import { loadContent, type OwnerContent } from '../../../server/services/content/load-content';

const CONTENT_DIR = path.resolve(import.meta.dirname, '../../../content');

let content: OwnerContent;
let index: KnowledgeIndex;
beforeAll(async () => {
  content = await loadContent(CONTENT_DIR);
  index = buildKnowledgeIndex(content);
});

const ask = (question: string, earlier: ChatTurn[] = []) =>
  composeOfflineReply([...earlier, { role: 'user', content: question }], content.profile, index);

const DONT_KNOW = /not sure about that|outside what I know/;

describe('offline clone: the quick questions', () => {
  it('lists the AI solutions built for enterprises', () => {
    const reply = ask('What kind of AI solutions have you built for enterprises?');
    expect(reply).toContain('100+ enterprise solutions');
    for (const project of [
      'Claims triage assistant',
      'Clinical documentation summaries',
      'Contract intelligence',
      'Customer-support copilot',
    ]) {
      expect(reply).toContain(project);
    }
    expect(reply).toMatch(/94%/);
    expect(reply).toMatch(/Schedule call/);
  });

  it('explains the approach to cloud architecture for AI workloads', () => {
    const reply = ask('How do you approach cloud architecture for AI workloads?');
    expect(reply).toMatch(/I start from the workload/);
    expect(reply).toMatch(/infrastructure as code/);
    expect(reply).not.toMatch(DONT_KNOW);
  });

  it('explains how to work together and the rates', () => {
    const reply = ask('How can we work together, and what are your rates?');
    expect(reply).toMatch(/Free 30-minute intro call/);
    expect(reply).toMatch(/\$200 per hour/);
    expect(reply).toMatch(/\$25,000-\$60,000/);
    expect(reply).toMatch(/Schedule call/);
    // Asked in this order, answered in this order.
    expect(reply.indexOf('intro call')).toBeLessThan(reply.indexOf('$200 per hour'));
  });
});

describe('offline clone: profile facts', () => {
  it.each([
    ['How many years of experience do you have?', /20 years of experience/],
    ['How long have you been doing this?', /20 years/],
    ['How many projects have you delivered?', /100\+ enterprise solutions/],
    ['Where are you based?', /Massachusetts/],
    ['What time zone do you work in?', /Eastern/],
    ['Do you work remotely?', /remotely/],
    ['Are you available?', /20-30 hours a week/],
    ['When could you start?', /two to three weeks/],
    ['How much do you charge?', /\$200 per hour/],
    ["What's your hourly rate?", /\$200 per hour/],
    ['Do you offer discounts for non-profits?', /15% discount/],
    ["What's your response time?", /about 2 seconds/],
    ['What services do you offer?', /Fractional AI architect/],
    ['What is your tech stack?', /TypeScript/],
    ['What certifications do you have?', /AWS Certified Solutions Architect/],
    ['Where did you study?', /University of Massachusetts Amherst/],
    ['Do you sign NDAs?', /NDA/],
    ['How long does a typical project take?', /proof of concept four to eight weeks/],
  ])('%s', (question, expected) => {
    const reply = ask(question);
    expect(reply).toMatch(expected);
    expect(reply).not.toMatch(DONT_KNOW);
  });
});

describe('offline clone: specific projects', () => {
  it.each([
    ['Tell me about the hospital project', /Clinical documentation summaries/, /38%/],
    ['What did you build for the insurer?', /Claims triage assistant/, /under four hours/],
    ['Tell me about the contract review work', /Contract intelligence/, /40,000 supplier contracts/],
    ['How did you cut GPU costs for the fintech?', /GPU inference platform/, /45%/],
    ['What did you do for the bank?', /Mainframe modernisation/, /COBOL/],
    ['Tell me about the Teams assistant', /Internal knowledge assistant/, /1,800 monthly active users/],
  ])('%s', (question, title, fact) => {
    const reply = ask(question);
    expect(reply).toMatch(title);
    expect(reply).toMatch(fact);
    expect(reply).toMatch(/Stack:/);
  });
});

// Each case study in content/knowledge/projects.md, a fact only it states, and how visitors ask about
// it: by domain, client type, industry or a distinctive word.
const CASE_STUDIES = [
  {
    title: 'Claims triage assistant',
    fact: /under four hours/,
    questions: [
      'Tell me about your insurance claims project',
      'Have you worked with insurance companies?',
      'What did you build for the insurer?',
    ],
  },
  {
    title: 'Clinical documentation summaries',
    fact: /38%/,
    questions: [
      'Have you done healthcare projects?',
      'Have you worked with hospitals?',
      'Have you built anything for physicians?',
    ],
  },
  {
    title: 'Contract intelligence',
    fact: /40,000 supplier contracts/,
    questions: [
      'Did you build anything for lawyers?',
      'Tell me about the legal contracts project',
      'Any projects in manufacturing?',
    ],
  },
  {
    title: 'Customer-support copilot',
    fact: /31% of incoming questions/,
    questions: [
      'Tell me about the customer support copilot',
      'Have you built a chatbot for customer support?',
      'Have you done anything with Zendesk?',
    ],
  },
  {
    title: 'GPU inference platform',
    fact: /1\.8 to 0\.6 seconds/,
    questions: [
      'What did you do in fintech?',
      'Have you done GPU inference work?',
      'Any fraud detection work?',
    ],
  },
  {
    title: 'Internal knowledge assistant',
    fact: /1,800 monthly active users/,
    questions: [
      'Tell me about the engineering knowledge assistant',
      'Have you worked with SharePoint?',
      'Have you worked in construction?',
    ],
  },
  {
    title: 'Mainframe modernisation',
    fact: /COBOL/,
    questions: [
      'Any experience with banks?',
      'Have you done mainframe migrations?',
      'Tell me about your banking experience',
    ],
  },
];

const OVERVIEW = /Here are some of them/;
const OFFERS_CALL = /Schedule (a )?call/i;
const titlesIn = (reply: string) =>
  CASE_STUDIES.map((study) => study.title).filter((title) => reply.includes(title));

describe('offline clone: questions about a project', () => {
  it('has phrasings for every case study in projects.md', () => {
    const titles = index.caseStudies.map((study) => study.title);
    expect(titles).toHaveLength(CASE_STUDIES.length);
    for (const { title } of CASE_STUDIES) expect(titles.some((t) => t.startsWith(title))).toBe(true);
  });

  it.each(
    CASE_STUDIES.flatMap(({ questions, ...study }) => questions.map((question) => ({ question, ...study }))),
  )('$question -> $title', ({ question, title, fact }) => {
    const reply = ask(question);
    expect(reply).toMatch(fact);
    expect(titlesIn(reply)).toEqual([title]);
    expect(reply).toMatch(/Stack:/);
    expect(reply).not.toMatch(OVERVIEW);
    expect(reply).not.toMatch(DONT_KNOW);
    expect(reply).toMatch(OFFERS_CALL);
  });

  it.each([
    [
      'Did you work on anything in healthcare or insurance?',
      ['Claims triage assistant', 'Clinical documentation summaries'],
    ],
    ['Have you worked with banks or insurers?', ['Claims triage assistant', 'Mainframe modernisation']],
    ['Tell me about your AI assistants', ['Claims triage assistant', 'Internal knowledge assistant']],
  ])('tells the few case studies a question names: %s', (question, titles) => {
    const reply = ask(question);
    expect(titlesIn(reply).sort()).toEqual(titles);
    expect(reply).not.toMatch(OVERVIEW);
  });

  it('lists more matching case studies with their outcomes', () => {
    const reply = ask('Any projects for banks, insurers, hospitals or lawyers?');
    expect(titlesIn(reply).sort()).toEqual([
      'Claims triage assistant',
      'Clinical documentation summaries',
      'Contract intelligence',
      'Mainframe modernisation',
    ]);
    expect(reply).toMatch(/under four hours/);
    expect(reply).toMatch(/60% of its batch workload/);
    expect(reply).not.toMatch(OVERVIEW);
  });

  it.each([
    'What projects have you done?',
    'Which projects are you proudest of?',
    'Show me some case studies',
    'What was your biggest project?',
  ])('lists every case study for a general question: %s', (question) => {
    const reply = ask(question);
    expect(reply).toMatch(OVERVIEW);
    expect(titlesIn(reply)).toHaveLength(CASE_STUDIES.length);
  });

  it.each(['Have you built a video game?', 'Have you built mobile apps?', 'Any experience in retail?'])(
    'says honestly that it has no such project: %s',
    (question) => {
      const reply = ask(question);
      expect(reply).toMatch(DONT_KNOW);
      expect(reply).toMatch(OFFERS_CALL);
      expect(titlesIn(reply)).toEqual([]);
    },
  );

  it('answers the fact a question asks when it mentions a project in passing', () => {
    const available = ask('Are you available for a banking project?');
    expect(available).toMatch(/20-30 hours a week/);
    expect(titlesIn(available)).toEqual([]);
    const rates = ask('What are your rates for a healthcare project?');
    expect(rates).toMatch(/\$200 per hour/);
    expect(titlesIn(rates)).toEqual([]);
  });

  it("matches another owner's case studies without code changes", () => {
    const projects = [
      '# Selected work',
      '',
      '## Route planning for a parcel carrier',
      '- **Client:** a European logistics company with 3,000 delivery vans.',
      '- **Problem:** routes were planned by hand every night.',
      '- **Solution:** an optimisation service that plans routes and replans them when traffic changes.',
      '- **Stack:** Python, OR-Tools, GCP.',
      '- **Outcome:** fuel costs fell by 12%.',
      '',
      '## Recommendations for an online fashion shop',
      '- **Client:** a fashion e-commerce retailer.',
      '- **Problem:** shoppers left without finding products they liked.',
      '- **Solution:** personalised recommendations on every product page.',
      '- **Stack:** TypeScript, Redis, BigQuery.',
      '- **Outcome:** conversion rose by 9%.',
      '',
    ].join('\n');
    const edited: OwnerContent = {
      ...content,
      knowledge: [{ file: 'projects.md', title: 'Selected work', body: projects }],
    };
    const editedIndex = buildKnowledgeIndex(edited);
    const reply = (question: string) =>
      composeOfflineReply([{ role: 'user', content: question }], edited.profile, editedIndex);
    for (const question of ['Have you worked in logistics?', 'Tell me about the delivery routes project']) {
      expect(reply(question)).toMatch(/fuel costs fell by 12%/);
      expect(reply(question)).not.toMatch(/conversion/);
    }
    for (const question of ['Any e-commerce experience?', 'Have you built anything for retailers?']) {
      expect(reply(question)).toMatch(/conversion rose by 9%/);
      expect(reply(question)).not.toMatch(/fuel/);
    }
    expect(reply('What projects have you done?')).toMatch(/fuel costs[\s\S]*conversion rose/);
    expect(reply('Have you worked with hospitals?')).toMatch(DONT_KNOW);
  });
});

describe('offline clone: conversation', () => {
  it('greets with the profile greeting, and answers a question after a greeting', () => {
    expect(ask('Hello!')).toBe(content.profile.greeting);
    expect(ask('hi there')).toBe(content.profile.greeting);
    expect(
      ask('Hi', [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
      ]),
    ).toMatch(/Hi again/);
    const reply = ask('Hey, where are you based?');
    expect(reply).toMatch(/^Hi! /);
    expect(reply).toMatch(/Massachusetts/);
  });

  it('says it is an AI clone when asked', () => {
    for (const question of ['Who are you?', 'Are you a real person?', 'Am I talking to a bot?']) {
      const reply = ask(question);
      expect(reply).toMatch(/AI clone of Alex Morgan/);
    }
  });

  it('thanks and says goodbye', () => {
    expect(ask('Thanks!')).toMatch(/You're welcome/);
    expect(ask('Bye')).toMatch(/Thanks for stopping by/);
  });

  it.each([
    "What's the weather like today?",
    'Who won the Super Bowl?',
    'Write me a poem about cats',
    'What is the capital of France?',
    'Can you fix my car?',
    'Have you worked with Snowflake?',
  ])('says honestly that it does not know: %s', (question) => {
    const reply = ask(question);
    expect(reply).toMatch(DONT_KNOW);
    expect(reply).toMatch(/Schedule call/);
  });

  it('points to the call booking on a contact intent', () => {
    const reply = ask('Can I book a call with you?');
    expect(reply).toMatch(/Schedule call/);
    expect(reply).toMatch(/one-hour slot/);
  });

  it('continues the previous topic on "tell me more"', () => {
    const first = ask('Where are you based?');
    const more = ask('Tell me more', [
      { role: 'user', content: 'Where are you based?' },
      { role: 'assistant', content: first },
    ]);
    expect(more).not.toBe(first);
    expect(more).not.toMatch(DONT_KNOW);
  });

  it('changes its answers when the content changes', () => {
    const edited: OwnerContent = {
      ...content,
      profile: { ...content.profile, location: 'Lisbon, Portugal', experience: '12 years' },
      knowledge: [
        {
          file: 'faq.md',
          title: 'FAQ',
          body: '# FAQ\n\n## Do you speak Portuguese?\nSim, I speak Portuguese fluently.\n',
        },
      ],
    };
    const editedIndex = buildKnowledgeIndex(edited);
    const reply = (question: string) =>
      composeOfflineReply([{ role: 'user', content: question }], edited.profile, editedIndex);
    expect(reply('Where are you based?')).toMatch(/Lisbon, Portugal/);
    expect(reply('How many years of experience do you have?')).toMatch(/12 years/);
    expect(reply('Do you speak Portuguese?')).toMatch(/fluently/);
  });
});

describe('offline chat model streaming', () => {
  it('streams the composed reply word by word', async () => {
    const model = createOfflineChatModel(content, index, { wordDelayMs: 0 });
    const history: ChatTurn[] = [{ role: 'user', content: 'Where are you based?' }];
    const pieces: string[] = [];
    for await (const piece of model.streamReply(history)) pieces.push(piece);
    const expected = composeOfflineReply(history, content.profile, index);
    expect(pieces.join('')).toBe(expected);
    expect(pieces).toHaveLength(expected.split(/\s+/).length);
    expect(model.name).toBe('offline');
  });

  it('stops when the signal aborts', async () => {
    const model = createOfflineChatModel(content, index, { wordDelayMs: 5 });
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of model.streamReply([{ role: 'user', content: 'What are your rates?' }], {
      signal: controller.signal,
    })) {
      pieces.push(piece);
      if (pieces.length === 3) controller.abort();
    }
    expect(pieces).toHaveLength(3);
  });

  it('splits text into words that join back exactly', () => {
    const text = '**Rates**\n\n- $200 per hour,  billed monthly.\n';
    expect(splitIntoWords(text).join('')).toBe(text);
    expect(splitIntoWords(text)).toHaveLength(7);
  });
});
