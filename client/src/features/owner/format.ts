/** "Mon, Mar 9, 2026, 9:00 AM EDT" in the owner's zone: the desk shows the owner's own times. */
export function formatOwnerDateTime(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

export function formatOwnerTime(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** Mail kinds as the owner reads them. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  booking_owner_notification: 'New booking (to you)',
  booking_visitor_confirmation: 'Booking received (to visitor)',
  booking_visitor_confirmed: 'Call confirmed (to visitor)',
  booking_owner_cancellation: 'Cancellation (to you)',
  booking_visitor_cancellation: 'Cancellation (to visitor)',
  'verification-code': 'Verification code',
};
