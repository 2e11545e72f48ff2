import type { Response } from 'express';

/** Aborts when the client goes away before the answer is complete. */
export function watchForDisconnect(res: Response): AbortController {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller;
}
