import { processedEvents } from '../../shared/schema';
import type { Queryable } from '../db/client';

/**
 * Claims an event id inside the caller's transaction. True for the first claim; false when the id
 * is already stored. Concurrent claims of one id wait on its primary key, so exactly one wins.
 */
export async function claimProcessedEvent(
  tx: Queryable,
  event: { id: string; source: 'stripe' | 'vapi' | 'demo' | 'checkout'; type: string },
): Promise<boolean> {
  const rows = await tx
    .insert(processedEvents)
    .values(event)
    .onConflictDoNothing({ target: processedEvents.id })
    .returning({ id: processedEvents.id });
  return rows.length > 0;
}
