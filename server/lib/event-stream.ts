import type { Request, Response } from 'express';
import type { ChatStreamEvent } from '../../shared/chat';

/** Whether the client asked for server-sent events rather than one JSON answer. */
export const wantsEventStream = (req: Request): boolean =>
  req.accepts(['application/json', 'text/event-stream']) === 'text/event-stream';

/**
 * Delta text that arrives within this long of a write goes out with the next write, as one event:
 * the visitor still sees the reply word by word, and a busy server makes fewer socket writes.
 */
const DELTA_COALESCE_MS = 10;

/**
 * Server-sent events, written as `event: <name>\ndata: <json>\n\n`. The first delta is written at
 * once; later ones are gathered for up to DELTA_COALESCE_MS and sent as one `delta` (the client
 * appends deltas, so the text is the same). Every other event flushes what is gathered first.
 */
export class EventStream {
  isOpen = false;
  private hasSentDelta = false;
  private gathered = '';
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly res: Response) {}

  open(): this {
    if (this.isOpen) return this;
    this.isOpen = true;
    this.res.status(200);
    this.res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    this.res.setHeader('Cache-Control', 'no-cache, no-transform');
    this.res.setHeader('Connection', 'keep-alive');
    // Proxies such as nginx would otherwise hold the deltas back.
    this.res.setHeader('X-Accel-Buffering', 'no');
    // No flushHeaders(): the headers go out with the first event, in the same socket write.
    return this;
  }

  sendDelta(text: string) {
    if (!this.hasSentDelta) {
      this.hasSentDelta = true;
      this.send({ event: 'delta', data: { text } });
      return;
    }
    this.gathered += text;
    this.flushTimer ??= setTimeout(() => this.send(), DELTA_COALESCE_MS);
  }

  /** Writes the gathered delta text, then `event` if given, in one write. */
  send(event?: ChatStreamEvent) {
    const text = this.takeText(event);
    if (text && this.isOpen && !this.res.writableEnded && !this.res.destroyed) this.res.write(text);
  }

  /** Ends the stream with the gathered text and `event`, in the response's last write. */
  end(event?: ChatStreamEvent) {
    const text = this.takeText(event);
    if (this.res.writableEnded) return;
    if (text && this.isOpen && !this.res.destroyed) this.res.end(text);
    else this.res.end();
  }

  private takeText(event: ChatStreamEvent | undefined): string {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const gathered = this.gathered ? formatEvent({ event: 'delta', data: { text: this.gathered } }) : '';
    this.gathered = '';
    return gathered + (event ? formatEvent(event) : '');
  }
}

function formatEvent({ event, data }: ChatStreamEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
