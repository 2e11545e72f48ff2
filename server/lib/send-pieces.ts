import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Response } from 'express';

/**
 * Writes a body made in pieces as they come, waiting whenever the socket's buffer is full, so a
 * large download holds one piece in memory. `setHeaders` runs just before the first piece: a
 * failure before it still reaches the error handler as a clean answer, one after it cuts the
 * response. Stops reading when the client goes away.
 */
export async function sendPieces(
  res: Response,
  pieces: AsyncGenerator<string>,
  setHeaders: () => void,
): Promise<void> {
  try {
    let isFirst = true;
    for await (const piece of pieces) {
      if (res.destroyed) return;
      if (isFirst) setHeaders();
      isFirst = false;
      if (!res.write(piece)) await drainedOrClosed(res);
      // A turn of the event loop between pieces: the piece leaves, and other requests run (the
      // embedded database would otherwise hold the main thread for the whole download).
      else await nextTurn();
    }
    if (isFirst) setHeaders();
    res.end();
  } finally {
    await pieces.return(undefined);
  }
}

function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
