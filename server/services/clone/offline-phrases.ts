import type { ProfileFile } from '../../../shared/content';

// The offline clone's own sentences around the owner's content: greetings, thanks, the honest
// "I don't know" and the offer of a call. Chosen per question so replies vary, yet stay testable.

/** "Hi!" before a sentence stays on its line; before a heading or a list it gets its own. */
export function withPrefix(prefix: string, body: string): string {
  if (!prefix) return body;
  return /^(\*\*|[-*] |\d+\. )/.test(body) ? `${prefix}\n\n${body}` : `${prefix} ${body}`;
}

export function greet(profile: ProfileFile, isFirstMessage: boolean): string {
  if (!isFirstMessage) return 'Hi again! What else would you like to know about my work?';
  return profile.greeting;
}

export function thank(profile: ProfileFile): string {
  return `You're welcome! If anything else comes up, just ask. And if you'd like to talk with the real ${firstName(profile)}, use the **Schedule call** button below the chat.`;
}

export function sayGoodbye(profile: ProfileFile): string {
  return `Thanks for stopping by! If you'd like to continue the conversation with ${firstName(profile)} in person, the **Schedule call** button below the chat is the quickest way. Have a great day!`;
}

export function admitNotKnowing(question: string): string {
  const variants = [
    "I'm not sure about that, and I'd rather not guess. I can only speak to my own experience, projects, services, rates and availability.",
    "That's outside what I know about my work, so I can't give you a reliable answer. I'm happy to talk about my experience, projects, services, rates or availability.",
  ];
  return `${pick(variants, question)} If it's about your own project, the best next step is a call: use the **Schedule call** button below the chat.`;
}

export function offerCall(question: string): string {
  const variants = [
    "If you'd like to talk about how this fits your situation, use the **Schedule call** button below the chat and we'll set up a call.",
    'Want to go deeper on your own project? Schedule a call with the button below the chat and we can discuss it properly.',
    'Happy to go into more detail on a call: the **Schedule call** button below the chat lets you pick a time.',
  ];
  return pick(variants, question);
}

export function firstName(profile: ProfileFile): string {
  return profile.name.split(/\s+/)[0] ?? profile.name;
}

/** A stable choice per question, so replies vary between questions but tests stay deterministic. */
function pick(variants: string[], seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return variants[hash % variants.length]!;
}
