// The call this tab has open, kept in sessionStorage (one tab, kept across a reload): a reloaded
// page ends it, should the closing page's beacon not have, before it lists the sessions.
const KEY = 'voice-open-call';

export interface OpenCall {
  sessionId: string;
  /** Date.now() when the session was opened. */
  openedAt: number;
}

export function readOpenCall(): OpenCall | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    const call = parsed as Partial<OpenCall> | null;
    return typeof call?.sessionId === 'string' && typeof call.openedAt === 'number'
      ? { sessionId: call.sessionId, openedAt: call.openedAt }
      : null;
  } catch {
    return null;
  }
}

/** Keeps `call` as this tab's open call; null forgets it. Without storage, nothing is kept. */
export function rememberOpenCall(call: OpenCall | null): void {
  try {
    if (call) window.sessionStorage.setItem(KEY, JSON.stringify(call));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing to keep it in
  }
}
