import type { PublicProfile } from '@shared/content';

/** Who the clone speaks for, as the chat shows it. Until the profile has loaded it is a nameless AI Solutions Architect with 20 years of experience. */
export interface ChatOwner {
  name?: string;
  title: string;
  experience: string;
  photo?: string;
  /** The welcome shown while the chat is empty: the greeting the owner wrote in content/profile.json. */
  greeting: string;
}

const DEFAULT_OWNER: ChatOwner = {
  title: 'AI Solutions Architect',
  experience: '20 years',
  greeting:
    "Hi! I'm the AI clone of an AI Solutions Architect with 20 years of experience. " +
    'Ask me anything about my experience, skills, projects or how we could work together.',
};

export function toChatOwner(profile: PublicProfile | undefined): ChatOwner {
  if (!profile) return DEFAULT_OWNER;
  const { name, title, experience, photo, greeting } = profile;
  return { name, title, experience, photo, greeting };
}

/** "Chat with Alex Morgan's AI Clone". */
export const getChatTitle = ({ name }: Pick<ChatOwner, 'name'>) =>
  name ? `Chat with ${name}'s AI Clone` : 'Chat with my AI Clone';

/** "AI Solutions Architect · 20 years of experience · GenAI specialist". */
export const getChatSubtitle = ({ title, experience }: ChatOwner) =>
  `${title} · ${experience} of experience · GenAI specialist`;

/** How the clone is named beside its replies: "Alex's AI clone". */
export const getCloneName = ({ name }: ChatOwner) => (name ? `${name.split(' ')[0]}'s AI clone` : 'AI clone');
