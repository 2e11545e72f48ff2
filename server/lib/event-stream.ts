import type { Request, Response } from 'express';
import type { ChatStreamEvent } from '../../shared/chat';

/** Whether the client asked for server-sent events rather than one JSON answer. */
export const wantsEventStream = (req: Request): boolean =>
  req.accepts(['application/json', 'text/event-stream']) === 'text/event-stream';

/**
 * Delta text that arrives within this long of the last delta goes out with the next write, as one
 * event: the visitor still sees the reply word by word, and a busy server makes fewer socket writes.
 */
export const DELTA_COALESCE_MS = 10;

/**
 * Server-sent events, written as `event: <name>\ndata: <json>\n\n`. A delta is written at once
 * when the last delta is at least DELTA_COALESCE_MS old (the first, always); one that comes sooner
 * waits, with any that follow, until that long after the last, and they go as one `delta` (the client
 * appends deltas, so the text is the same). A model streaming words further apart than that gets
 * one write per word and no timer. Every other event flushes what is gathered first.
 */
export class EventStream {
  isOpen = false;
  /** When the last delta was written (performance.now()); -Infinity before the first. */
  private lastDeltaAt = Number.NEGATIVE_INFINITY;
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
    if (this.flushTimer) {
      this.gathered += text;
      return;
    }
    const sinceDelta = performance.now() - this.lastDeltaAt;
    if (sinceDelta >= DELTA_COALESCE_MS) {
      this.writeDelta(text);
      return;
    }
    this.gathered = text;
    this.flushTimer = setTimeout(() => this.writeDelta(), DELTA_COALESCE_MS - sinceDelta);
  }

  /** Writes `text`, or the gathered text when none is given, as one delta. */
  private writeDelta(text?: string) {
    this.lastDeltaAt = performance.now();
    this.send(text === undefined ? undefined : { event: 'delta', data: { text } });
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
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const gathered = this.gathered ? formatEvent({ event: 'delta', data: { text: this.gathered } }) : '';
    this.gathered = '';
    return gathered + (event ? formatEvent(event) : '');
  }
}

function formatEvent({ event, data }: ChatStreamEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
