import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactRequestPayload } from '@shared/booking-contact-request';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { hasStatus } from '@/lib/api-client';
import {
  bookingConfigQuery,
  getCalendarFileUrl,
  getSubmitErrorMessage,
  useSubmitContactRequest,
} from '../api';
import {
  EMPTY_CONTACT_FORM,
  toFormErrors,
  type ContactFormErrors,
  type ContactFormValues,
} from '../contact-form-model';
import { ContactForm } from './contact-form';

export interface ContactModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The chat that led to the request, linked so the owner can read it. */
  conversationId?: string;
  /**
   * False when the visitor did not ask for the form (a reply opened it): the dialog takes focus,
   * not the name field, so no phone keyboard rises over the answer they are reading.
   */
  shouldFocusFirstField?: boolean;
}

/**
 * "Schedule a Phone Call": the contact form in a modal. What the visitor typed survives closing
 * and reopening; a successful request resets it.
 */
export function ContactModal({
  open,
  onOpenChange,
  conversationId,
  shouldFocusFirstField = true,
}: ContactModalProps) {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  // Lives here, not in the form, so its outcome is handled even if the modal was closed meanwhile.
  const submit = useSubmitContactRequest();
  const config = useQuery(bookingConfigQuery());

  function handleSubmit(payload: ContactRequestPayload) {
    submit.mutate(payload, {
      onSuccess: (request) => {
        setValues(EMPTY_CONTACT_FORM);
        setErrors({});
        onOpenChange(false);
        // A slot booked from the chat: its card in the chat keeps the details; the toast offers
        // the calendar file at once.
        const calendarFileUrl =
          request.conversationId && request.scheduledDate
            ? getCalendarFileUrl(request.conversationId, request.id)
            : undefined;
        toast({
          title: 'Success!',
          description: "Your contact request has been submitted. I'll get back to you soon!",
          action: calendarFileUrl
            ? {
                label: 'Add to calendar',
                altText: 'Add the call to your calendar from the booked-call card in the chat',
                href: calendarFileUrl,
                download: true,
              }
            : undefined,
        });
      },
      onError: (error) => {
        toast({
          title: 'Booking Conflict',
          description: getSubmitErrorMessage(error),
          variant: 'destructive',
        });
        if (hasStatus(error, 409)) {
          // The slot went to someone else: the refreshed list shows it booked; pick again.
          setValues((current) => ({ ...current, time: '' }));
          setErrors({ time: 'That time was just booked. Please choose another one.' });
          return;
        }
        const fieldErrors = hasStatus(error, 400) ? error.fieldErrors : {};
        setErrors(toFormErrors(Object.entries(fieldErrors).map(([path, message]) => ({ path, message }))));
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Schedule a Phone Call"
        description={`Pick a free one-hour slot, or tell me when suits you.${
          config.data?.isMailConfigured ? " You'll get a confirmation by e-mail." : ''
        }`}
        className="sm:max-w-2xl"
        onOpenAutoFocus={(event) => {
          if (shouldFocusFirstField) return;
          event.preventDefault();
          // Into the dialog all the same: screen readers announce it, and the chat's input lets go
          // of the keyboard.
          if (event.target instanceof HTMLElement) event.target.focus({ preventScroll: true });
        }}
      >
        <ContactForm
          values={values}
          errors={errors}
          isSubmitting={submit.isPending}
          conversationId={conversationId}
          onValuesChange={setValues}
          onErrorsChange={setErrors}
          onSubmit={handleSubmit}
        />
      </DialogContent>
    </Dialog>
  );
}
