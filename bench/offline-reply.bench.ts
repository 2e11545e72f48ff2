// What the offline clone adds before the first word streams: composing one reply, for every
// question of a fixture owner's evaluation set (eval/owners/alex-morgan/cases), median and p95, as a
// ratio to one plain full-text search of the same question on the model path's index (the anchor,
// measured in the same run, so a busy machine moves both). Goal: a median reply under 5 ms. `npm run bench offline-reply`.
import { performance } from 'node:perf_hooks';
import { loadCases, ownerCasesDir } from '../eval/load-cases';
import { getOwnerCalendar } from '../server/services/clone/owner-calendar';
import { getCloneKnowledge } from '../server/services/clone/clone-knowledge';
import type { ChatTurn } from '../server/services/clone/chat-model';
import { composeReply } from '../server/services/clone/engine/compose';
import { buildKnowledge } from '../server/services/clone/engine/knowledge';
import { loadContent } from '../server/services/content/load-content';
import { DEFAULT_MIN_NOTICE_HOURS, DEFAULT_OWNER_TIMEZONE } from '../shared/booking';
import { fixtureOwnerDir } from '../tests/helpers/fixture-owners';

const ROUNDS = 5;
const GOAL_MS = 5;

export default async function offlineReply() {
  const owner = await loadContent(fixtureOwnerDir('alex-morgan'));
  const { content, index } = getCloneKnowledge(owner, { ownerTimeZone: DEFAULT_OWNER_TIMEZONE });
  // As the site runs it: with the owner's calendar, so questions about a day are read for dates.
  const calendar = getOwnerCalendar(
    { OWNER_TIMEZONE: DEFAULT_OWNER_TIMEZONE, BOOKING_MIN_NOTICE_HOURS: DEFAULT_MIN_NOTICE_HOURS },
    owner,
    () => new Date(),
  );
  const knowledge = buildKnowledge(content);
  const compose = (history: ChatTurn[]) => composeReply(history, knowledge, 'chat', calendar);
  const cases = await loadCases(ownerCasesDir('alex-morgan'));
  // Each case's history as the clone would see it: its earlier turns answered by the clone itself.
  const conversations = cases.map(({ turns }) => {
    const history: ChatTurn[] = [];
    for (const turn of turns.slice(0, -1)) {
      history.push({ role: 'user', content: turn });
      history.push({ role: 'assistant', content: compose(history).text });
    }
    return [...history, { role: 'user' as const, content: turns.at(-1)! }];
  });

  const replies: number[] = [];
  const searches: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    for (const history of conversations) {
      const question = history.at(-1)!.content;
      let started = performance.now();
      index.search(question, { limit: 20 });
      const searched = performance.now() - started;
      started = performance.now();
      compose(history);
      const composed = performance.now() - started;
      // The first round warms up the JIT and is not counted.
      if (round === 0) continue;
      searches.push(searched);
      replies.push(composed);
    }
  }

  const median = percentile(replies, 50);
  console.log(`${conversations.length} questions x ${ROUNDS} rounds`);
  console.log(`compose a reply:        median ${fmt(median)} ms, p95 ${fmt(percentile(replies, 95))} ms`);
  console.log(`anchor, one search:     median ${fmt(percentile(searches, 50))} ms`);
  console.log(`ratio reply / search:   ${fmt(median / percentile(searches, 50))}x (median)`);
  console.log(`goal < ${GOAL_MS} ms: median ${median < GOAL_MS ? 'met' : 'MISSED'}`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const fmt = (value: number) => value.toFixed(2);
