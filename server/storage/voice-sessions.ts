import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { voiceSessions, type VoiceSession } from '../../shared/schema';
import type { Queryable } from '../db/client';

export type NewVoiceSession = Pick<
  VoiceSession,
  'userId' | 'status' | 'maxDurationSeconds' | 'createdAt' | 'metadata' | 'lastHeartbeatAt'
>;

export type VoiceSessionPatch = Partial<
  Pick<
    VoiceSession,
    'status' | 'duration' | 'transcript' | 'metadata' | 'vapiCallId' | 'endedAt' | 'lastHeartbeatAt'
  >
>;

export async function insertVoiceSession(db: Queryable, values: NewVoiceSession): Promise<VoiceSession> {
  const [row] = await db.insert(voiceSessions).values(values).returning();
  return row!;
}

export async function findVoiceSession(db: Queryable, id: string): Promise<VoiceSession | undefined> {
  const [row] = await db.select().from(voiceSessions).where(eq(voiceSessions.id, id)).limit(1);
  return row;
}

export async function lockVoiceSession(db: Queryable, id: string): Promise<VoiceSession | undefined> {
  const [row] = await db.select().from(voiceSessions).where(eq(voiceSessions.id, id)).limit(1).for('update');
  return row;
}

export async function findVoiceSessionByVapiCallId(
  db: Queryable,
  vapiCallId: string,
): Promise<VoiceSession | undefined> {
  const [row] = await db
    .select()
    .from(voiceSessions)
    .where(eq(voiceSessions.vapiCallId, vapiCallId))
    .limit(1);
  return row;
}

export async function listVoiceSessionsByUser(
  db: Queryable,
  userId: string,
  limit: number,
): Promise<VoiceSession[]> {
  return db
    .select()
    .from(voiceSessions)
    .where(eq(voiceSessions.userId, userId))
    .orderBy(desc(voiceSessions.createdAt), desc(voiceSessions.id))
    .limit(limit);
}

export async function hasVoiceSessions(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: voiceSessions.id })
    .from(voiceSessions)
    .where(eq(voiceSessions.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** Sessions whose minutes are not yet added to the user's usage: open, or ended awaiting a report. */
export async function listUnbilledSessionsByUser(db: Queryable, userId: string): Promise<VoiceSession[]> {
  return db
    .select()
    .from(voiceSessions)
    .where(and(eq(voiceSessions.userId, userId), isNull(voiceSessions.billedMinutes)))
    .orderBy(asc(voiceSessions.createdAt));
}

/**
 * Unbilled sessions the sweep should close: open ones whose maximum (default `defaultMaxSeconds`)
 * plus `graceSeconds` has passed or whose last heartbeat is more than `heartbeatTimeoutSeconds`
 * old, and ended ones that ended more than `reportWaitSeconds` ago.
 */
export async function listSweepCandidates(
  db: Queryable,
  options: {
    now: Date;
    graceSeconds: number;
    reportWaitSeconds: number;
    heartbeatTimeoutSeconds: number;
    defaultMaxSeconds: number;
    limit: number;
  },
): Promise<Pick<VoiceSession, 'id' | 'userId'>[]> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const openUntil = sql`${voiceSessions.createdAt} + make_interval(secs => coalesce(${voiceSessions.maxDurationSeconds}, ${options.defaultMaxSeconds}::int) + ${options.graceSeconds}::int)`;
  const reportUntil = sql`${voiceSessions.endedAt} + make_interval(secs => ${options.reportWaitSeconds}::int)`;
  const heardUntil = sql`${voiceSessions.lastHeartbeatAt} + make_interval(secs => ${options.heartbeatTimeoutSeconds}::int)`;
  return db
    .select({ id: voiceSessions.id, userId: voiceSessions.userId })
    .from(voiceSessions)
    .where(
      and(
        isNull(voiceSessions.billedMinutes),
        or(
          and(eq(voiceSessions.status, 'started'), sql`${openUntil} < ${now}`),
          and(eq(voiceSessions.status, 'started'), sql`${heardUntil} < ${now}`),
          and(eq(voiceSessions.status, 'ended'), sql`${reportUntil} < ${now}`),
        ),
      ),
    )
    .orderBy(asc(voiceSessions.createdAt))
    .limit(options.limit);
}

export async function deleteVoiceSession(db: Queryable, id: string): Promise<void> {
  await db.delete(voiceSessions).where(eq(voiceSessions.id, id));
}

export async function updateVoiceSession(
  db: Queryable,
  id: string,
  patch: VoiceSessionPatch,
): Promise<VoiceSession> {
  const [row] = await db.update(voiceSessions).set(patch).where(eq(voiceSessions.id, id)).returning();
  return row!;
}

/**
 * Records the billed time once: only a session without billedMinutes is updated, so a second
 * attempt (a replayed report, a sweep racing an end) returns undefined and bills nothing.
 */
export async function markVoiceSessionBilled(
  db: Queryable,
  id: string,
  values: { billedSeconds: number; billedMinutes: number; endedAt: Date },
): Promise<VoiceSession | undefined> {
  const [row] = await db
    .update(voiceSessions)
    .set({
      status: 'ended',
      billedSeconds: values.billedSeconds,
      billedMinutes: values.billedMinutes,
      endedAt: sql`coalesce(${voiceSessions.endedAt}, ${values.endedAt.toISOString()}::timestamptz)`,
    })
    .where(and(eq(voiceSessions.id, id), isNull(voiceSessions.billedMinutes)))
    .returning();
  return row;
}
