import { z } from 'zod';
import { emailSchema } from './voice';

/** POST /api/owner/erasure {email} -> 200 ErasureSummary. Safe to repeat: a second call erases nothing. */
export const erasureRequestSchema = z.object({ email: emailSchema });

/** Counts per kind of what was erased; never the data itself. */
export interface ErasureSummary {
  erased: {
    conversations: number;
    messages: number;
    unansweredQuestions: number;
    /** Contact requests and bookings: kept for the owner's records, without name, phone, e-mail or purpose. */
    contactRequestsAnonymised: number;
    outboxMails: number;
    verificationCodes: number;
    voiceTranscripts: number;
    subscriptionUsersDeleted: number;
    /** Stripe-linked: kept for accounting under a placeholder address, without names. */
    subscriptionUsersAnonymised: number;
    demoCheckouts: number;
  };
  /** What stays and why, for the owner to act on. */
  notes: string[];
}
