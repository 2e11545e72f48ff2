/** Runs `callback` once the browser is idle; where requestIdleCallback is missing (Safari), after 1.5 s. */
export function whenIdle(callback: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(() => callback());
  else window.setTimeout(callback, 1500);
}
