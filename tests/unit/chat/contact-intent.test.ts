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
    'How do I hire you?',
    'We would like to work with Alex',
    'we would like to work with alex',
    'Can we hire Alex for a RAG pilot?',
    'Is Alex taking on new clients?',
    'We need your help with our RAG pipeline',
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
    "I'd like a consultation",
    'Interested in a consultation',
    "I'd love a call next week",
    'Thank you, I’d love a call',
    'Is Alex available for a call?',
    'When is Alex free for a chat?',
    'Are you free for a quick chat tomorrow?',
    'Can we hop on a zoom?',
    'Happy to jump on a Teams call',
    'Would a quick call work for you?',
    'How about a call on Friday?',
    'Is a quick chat possible this week?',
    "Let's connect next week",
    "I'd like to speak with Alex directly",
    "I'd like to have a call about our data platform",
    // quote / pricing for a project
    'Can I get a quote?',
    'Please send us a proposal for the pilot',
    'I need an estimate for a document-processing pilot',
    'How much would it cost to build a RAG assistant for our legal team?',
    'How much would you charge for a proof of concept?',
    'What would a project like the claims triage cost?',
    'What is the price for a proof of concept?',
    'Can you give me a price for a chatbot?',
    'Send me a proposal',
    'Could you send over a proposal?',
    'What would it cost to build a chatbot for our support team?',
    'Ballpark for an MVP?',
    // contact
    'How can I contact you?',
    'How do I reach you?',
    "What's your email address?",
    'I want to get in touch',
    'Can I leave my details?',
    'Can I send you my number?',
    'Please contact me',
    'Can you contact me at joe@example.com?',
    'Can you reach out to me?',
    'Reach me at 555-1234',
    'Email me the details',
    'Can you email me a quote?',
    'Please have Alex call me',
    'Could you get back to me about a pilot?',
    'How do I contact Alex about a project?',
    "What's Alex's email?",
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
    'I called it a day',
    "I'd like to know more about your RAG work",
    // questions about the call or the booking, not a request for one
    'Do you charge for the intro call?',
    'What does a discovery call cover?',
    'Is the intro call free?',
    'How long is the discovery call?',
    'What happens on the discovery call?',
    'How does your booking work?',
    // calls and meetings as product features
    'Can I call your API?',
    'How do I call the OpenAI API from Python?',
    'What is a call center chatbot?',
    'Can the bot transcribe a Zoom call?',
    'Can your agent answer phone calls?',
    'We need a meeting room booking system',
    'We want a chat assistant for our website',
    'Did you build a scheduling app?',
    // capitalised words that are not the owner, and questions about what "you" like
    'Do you work with AWS?',
    'Do you like working with Azure?',
    'Would you like to work with us?',
    'How do I hire Python developers?',
    'How do I reach GDPR compliance?',
    'Can the agent call Twilio?',
    'Can the chatbot talk to customers about orders?',
  ];

  it.each(intents)('sees an intent in %j', (message) => {
    expect(hasContactIntent(message)).toBe(true);
  });

  it.each(noIntent)('sees no intent in %j', (message) => {
    expect(hasContactIntent(message)).toBe(false);
  });

  it.each([
    ['how do i contact alex', true],
    ['can i hire alex morgan for a pilot', true],
    ['i want to talk to morgan directly', true],
    // Another lowercase word in the owner's place is still not a name.
    ['how do i hire python developers', false],
  ])('knows the owner by the profile name in any case: %j', (message, expected) => {
    expect(hasContactIntent(message, 'Alex Morgan')).toBe(expected);
  });
});

describe('decideContactForm', () => {
  const base: ContactFormState = {
    hasIntent: false,
    visitorMessageCount: 1,
    hasContactRequest: false,
    wasNudged: false,
    previousReplyShowedForm: false,
  };

  it.each<[string, Partial<ContactFormState>, boolean, boolean]>([
    ['no intent early in a conversation', {}, false, false],
    ['an intent', { hasIntent: true }, true, false],
    [
      'a new intent right after the form was shown',
      { hasIntent: true, previousReplyShowedForm: true },
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
      { visitorMessageCount: 4, previousReplyShowedForm: true },
      false,
      false,
    ],
    // An intent may have opened the form earlier: only the previous reply and the nudge itself count.
    [
      'a later message after an intent opened the form earlier',
      { visitorMessageCount: 6, previousReplyShowedForm: false },
      true,
      true,
    ],
  ])('%s', (_name, overrides, show, isNudge) => {
    expect(decideContactForm({ ...base, ...overrides })).toEqual({ shouldShowContactForm: show, isNudge });
  });
});
