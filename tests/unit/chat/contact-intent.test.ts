import { describe, expect, it } from 'vitest';
import {
  decideContactForm,
  hasContactIntent,
  type ContactFormState,
} from '../../../server/services/chat/contact-intent';

describe('hasContactIntent', () => {
  const intents = [
    // hire
    'I want to hire you',
    'We are looking to hire an AI architect like you, are you interested?',
    "We'd like to hire you for a RAG project",
    'Could we engage you for three months?',
    'I am interested in working with you',
    "I'd love to work with you on our claims platform",
    'How can we work together?',
    'How can we work together, and what are your rates?',
    'Are you available for a new project in March?',
    'Can you help us build a support chatbot?',
    'We have a project for you',
    'How do we get started?',
    'What are the next steps?',
    // book / call / schedule
    'Can I book a call?',
    'Can we schedule a meeting next week?',
    "Let's set up a quick call",
    'Please book me a slot on Tuesday',
    'Call me tomorrow at 10',
    'Give me a ring when you can',
    'Can we talk?',
    'could we talk on Thursday?',
    'Can I speak with the real Alex?',
    "I'd like to talk to you about a project",
    "Let's talk!",
    'Do you offer a free intro call?',
    'I need a consultation session',
    "I'd like to discuss our project with you",
    'Why don’t we hop on a call?',
    "I don't mind a quick call",
    'Not sure yet, but can we talk?',
    'No, I would like to book a call',
    'SCHEDULE A CALL',
    // quote / pricing for a project
    'Can I get a quote?',
    'Please send us a proposal for the pilot',
    'I need an estimate for a document-processing pilot',
    'How much would it cost to build a RAG assistant for our legal team?',
    'How much would you charge for a proof of concept?',
    'What would a project like the claims triage cost?',
    'What is the price for a proof of concept?',
    // contact
    'How can I contact you?',
    'How do I reach you?',
    "What's your email address?",
    'I want to get in touch',
    'Can I leave my details?',
  ];

  const noIntent = [
    // refusals
    "I don't want a call",
    'No need to call me',
    'Not interested in hiring anyone right now',
    'Please do not contact me',
    "I'm not looking to book anything, just browsing",
    "We won't need a quote",
    "I don't need a meeting, just tell me about your projects",
    'Never call me',
    // neutral questions
    'What kind of AI solutions have you built for enterprises?',
    'How do you approach cloud architecture for AI workloads?',
    'What are your rates?',
    'Where are you based?',
    'How many years of experience do you have?',
    'Tell me about the hospital project',
    'Have you built AI for call centers?',
    'How do agents make tool calls safely?',
    'Do you use function calling?',
    'What is your response time?',
    'Which cloud do you prefer?',
    'Hello!',
    'Thanks, that was helpful',
    'Are you a real person?',
    'Do you work with contact center software?',
  ];

  it.each(intents)('sees an intent in %j', (message) => {
    expect(hasContactIntent(message)).toBe(true);
  });

  it.each(noIntent)('sees no intent in %j', (message) => {
    expect(hasContactIntent(message)).toBe(false);
  });
});

describe('decideContactForm', () => {
  const base: ContactFormState = {
    hasIntent: false,
    visitorMessageCount: 1,
    hasContactRequest: false,
    wasNudged: false,
    previousReplyShowedForm: false,
    hasShownFormBefore: false,
  };

  it.each<[string, Partial<ContactFormState>, boolean, boolean]>([
    ['no intent early in a conversation', {}, false, false],
    ['an intent', { hasIntent: true }, true, false],
    [
      'a new intent right after the form was shown',
      { hasIntent: true, previousReplyShowedForm: true, hasShownFormBefore: true },
      true,
      false,
    ],
    ['an intent even when a call is scheduled', { hasIntent: true, hasContactRequest: true }, true, false],
    ['the third visitor message', { visitorMessageCount: 3 }, false, false],
    ['the fourth visitor message: the nudge', { visitorMessageCount: 4 }, true, true],
    ['a later message when no nudge happened yet', { visitorMessageCount: 7 }, true, true],
    ['after the nudge happened', { visitorMessageCount: 5, wasNudged: true }, false, false],
    [
      'when a contact request was already made',
      { visitorMessageCount: 4, hasContactRequest: true },
      false,
      false,
    ],
    [
      'right after the form was shown',
      { visitorMessageCount: 4, previousReplyShowedForm: true, hasShownFormBefore: true },
      false,
      false,
    ],
    [
      'when the form was shown earlier on an intent',
      { visitorMessageCount: 6, hasShownFormBefore: true },
      false,
      false,
    ],
  ])('%s', (_name, overrides, show, isNudge) => {
    expect(decideContactForm({ ...base, ...overrides })).toEqual({ shouldShowContactForm: show, isNudge });
  });
});
