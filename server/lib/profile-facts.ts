import type { ProfileFile } from '../../shared/content';

/**
 * The owner's profile as prompt facts, one line each: who, where and how, then `extra` lines, then
 * one line per expertise card. Shared by the chat's and the voice assistant's system prompts.
 */
export function listProfileFacts(profile: ProfileFile, extra: string[] = []): string[] {
  return [
    `Name: ${profile.name}`,
    `Title: ${profile.title}`,
    `Experience: ${profile.experience}`,
    `Projects: ${profile.projects}`,
    `Location: ${profile.location}`,
    `Work style: ${profile.workStyle}`,
    `Availability: ${profile.availability}`,
    ...extra,
    ...profile.expertise.map(
      (card) => `Expertise, ${card.title}: ${card.description} (${card.keywords.join(', ')})`,
    ),
  ];
}
