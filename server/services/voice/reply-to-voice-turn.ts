import type { AppContext } from '../../app-deps';
import { conflict } from '../../lib/app-error';
import { lockVoiceSession, updateVoiceSession } from '../../storage/voice-sessions';
import type { ChatTurn } from '../clone/chat-model';
import { findOwnedSession } from './owned-session';
import { maxSecondsOf } from './session-billing';
import { keepRecentTurns, readSessionMetadata, type SessionMetadata } from './session-metadata';
import { limitSpokenLength, toSpokenText } from './speakable-text';

/** Characters of one spoken reply (about 75 words, half a minute of speech). */
export const MAX_SPOKEN_CHARS = 450;

/** A turn may arrive this long after the maximum (the utterance was made in time). */
const TURN_GRACE_SECONDS = 10;

/**
 * Browser voice: the clone's reply to one utterance of an open call, from the same ChatModel as
 * the chat. The recent turns are kept in the session's metadata, so the reply follows the thread,
 * and the time of the turn is what the server saw of the call if it is never ended properly.
 * Undefined when the caller went away before the reply was complete.
 */
export async function replyToVoiceTurn(
  context: Pick<AppContext, 'database' | 'chatModel' | 'now'>,
  verifiedEmail: string,
  sessionId: string,
  text: string,
  signal: AbortSignal,
): Promise<{ reply: string } | undefined> {
  const db = context.database.db;
  // Not locked: the model's reply takes seconds, and the turn is stored under the session's lock below.
  const session = await findOwnedSession(db, sessionId, verifiedEmail);
  if (session.status !== 'started') throw conflict('This call has ended.');
  const deadline = session.createdAt.getTime() + (maxSecondsOf(session) + TURN_GRACE_SECONDS) * 1000;
  if (context.now().getTime() > deadline) throw conflict('This call has reached its time limit.');

  const userTurn: ChatTurn = { role: 'user', content: text };
  // A spoken answer is a few sentences: stop reading the model once there is enough to say.
  const enough = new AbortController();
  let raw = '';
  for await (const delta of context.chatModel.streamReply(
    [...(readSessionMetadata(session).turns ?? []), userTurn],
    { signal: AbortSignal.any([signal, enough.signal]), channel: 'voice' },
  )) {
    raw += delta;
    if (raw.length > MAX_SPOKEN_CHARS + 50) {
      enough.abort();
      break;
    }
  }
  if (signal.aborted) return undefined;
  const reply =
    limitSpokenLength(toSpokenText(raw), MAX_SPOKEN_CHARS) ||
    "Sorry, I didn't catch that. Could you say it again?";

  await db.transaction(async (tx) => {
    const locked = await lockVoiceSession(tx, sessionId);
    if (!locked) return;
    const metadata = readSessionMetadata(locked);
    const next: SessionMetadata = {
      ...metadata,
      lastActivityAt: context.now().toISOString(),
      turns: keepRecentTurns([...(metadata.turns ?? []), userTurn, { role: 'assistant', content: reply }]),
    };
    await updateVoiceSession(tx, sessionId, { metadata: next });
  });
  return { reply };
}
