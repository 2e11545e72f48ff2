import { expect } from 'vitest';
import { frameUnavailableNotice } from '../../server/services/clone/fallback-chat-model';
import { FAKE_REPLY } from '../fakes/openai-server';

/** How a chat reply from the owner's notes opens when the model could not answer. */
export const NOTES_OPENING = frameUnavailableNotice('chat');

/** Asserts `reply` is the offline clone's answer in the model's place: the notice, then an answer. */
export function expectNotesReply(reply: string | undefined) {
  expect(reply?.startsWith(NOTES_OPENING.trim())).toBe(true);
  expect(reply!.slice(NOTES_OPENING.length).trim().length).toBeGreaterThan(20);
  expect(reply).not.toContain(FAKE_REPLY);
}
