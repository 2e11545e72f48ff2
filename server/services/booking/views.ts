import type { ContactRequestView } from '../../../shared/booking-contact-request';
import type { ContactRequest } from '../../../shared/schema';

// The booking domain's rows as the API shows them (dates as ISO strings).

export function toContactRequestView(row: ContactRequest): ContactRequestView {
  return {
    id: row.id,
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    email: row.email,
    preferredTime: row.preferredTime,
    purpose: row.purpose,
    scheduledDate: row.scheduledDate,
    scheduledTime: row.scheduledTime,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    conversationId: row.conversationId,
    isConfirmed: row.isConfirmed,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}
