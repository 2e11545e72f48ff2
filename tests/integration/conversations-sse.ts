import { createParser } from 'eventsource-parser';
import type { ChatStreamEvent } from '../../shared/chat';

/** Parses a whole text/event-stream body into the chat's events, in order. */
export function parseChatStream(body: string): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  const parser = createParser({
    onEvent: (message) => {
      events.push({ event: message.event, data: JSON.parse(message.data) } as ChatStreamEvent);
    },
  });
  parser.feed(body);
  return events;
}

/** The concatenated text of the delta events. */
export function joinDeltas(events: ChatStreamEvent[]): string {
  return events.map((event) => (event.event === 'delta' ? event.data.text : '')).join('');
}
