import type { PublicProfile } from '@shared/content';

/** Who the clone speaks for, as the chat shows it: every fact comes from content/profile.json. */
export interface ChatOwner {
  name?: string;
  title?: string;
  experience?: string;
  specialty?: string;
  photo?: string;
  /** The welcome shown while the chat is empty: the greeting the owner wrote in content/profile.json. */
  greeting: string;
}

// Before the profile has loaded (the page normally arrives with it) the chat names nobody and
// claims no facts.
const UNKNOWN_OWNER: ChatOwner = {
  greeting:
    "Hi! I'm an AI clone. Ask me anything about my experience, skills, projects or how we could work together.",
};

export function toChatOwner(profile: PublicProfile | undefined): ChatOwner {
  if (!profile) return UNKNOWN_OWNER;
  const { name, title, experience, specialty, photo, greeting } = profile;
  return { name, title, experience, specialty, photo, greeting };
}

/** "Chat with Alex Morgan's AI Clone". */
export const getChatTitle = ({ name }: Pick<ChatOwner, 'name'>) =>
  name ? `Chat with ${name}'s AI Clone` : 'Chat with my AI Clone';

/** "AI Solutions Architect · 20 years of experience · GenAI specialist": the facts the profile has. */
export const getChatSubtitle = ({ title, experience, specialty }: ChatOwner) =>
  [title, experience && `${experience} of experience`, specialty].filter(Boolean).join(' · ');

/** How the clone is named beside its replies: "Alex's AI clone". */
export const getCloneName = ({ name }: ChatOwner) => (name ? `${name.split(' ')[0]}'s AI clone` : 'AI clone');
