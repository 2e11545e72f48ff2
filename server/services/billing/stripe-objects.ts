import { z } from 'zod';

// The parts of Stripe objects the billing rules read, parsed leniently: webhook payloads are
// rendered in the endpoint's API version, so both the current shapes (period on subscription
// items, invoice.parent.subscription_details) and the older ones (subscription.current_period_end,
// invoice.subscription) are accepted. Unknown fields pass through untouched.

/** A Unix time in seconds that a timestamp column can hold (up to the year 9999). */
export const unixSeconds = z.number().int().min(0).max(253_402_300_799);

const metadataSchema = z.record(z.string(), z.string()).nullish();

export const priceSchema = z.looseObject({
  id: z.string().nullish(),
  unit_amount: z.number().nullish(),
  metadata: metadataSchema,
});

export const subscriptionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('subscription').optional(),
  customer: z.unknown().optional(),
  status: z.string(),
  metadata: metadataSchema,
  current_period_end: unixSeconds.nullish(),
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({ price: priceSchema.nullish(), current_period_end: unixSeconds.nullish() }),
      ),
    })
    .nullish(),
});
export type SubscriptionObject = z.infer<typeof subscriptionSchema>;

export const checkoutSessionSchema = z.looseObject({
  id: z.string(),
  mode: z.string().nullish(),
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  customer: z.unknown().optional(),
  customer_email: z.string().nullish(),
  subscription: z.unknown().optional(),
  invoice: z.unknown().optional(),
  metadata: metadataSchema,
});
export type CheckoutSessionObject = z.infer<typeof checkoutSessionSchema>;

export const invoiceSchema = z.looseObject({
  id: z.string(),
  customer: z.unknown().optional(),
  billing_reason: z.string().nullish(),
  subscription: z.unknown().optional(),
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({ subscription: z.unknown().optional(), metadata: metadataSchema })
        .nullish(),
    })
    .nullish(),
  lines: z
    .looseObject({
      data: z.array(
        z.looseObject({ period: z.looseObject({ start: unixSeconds, end: unixSeconds }).nullish() }),
      ),
    })
    .nullish(),
  period_end: unixSeconds.nullish(),
});
export type InvoiceObject = z.infer<typeof invoiceSchema>;

/** The id of a field that is either an id or an expanded object. */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return undefined;
}

/** The expanded subscription of a checkout session, when it was expanded. */
export function expandedSubscription(value: unknown): SubscriptionObject | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const parsed = subscriptionSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** End of the subscription's current period: on its items now, on the subscription before 2025. */
export function subscriptionPeriodEnd(subscription: SubscriptionObject): Date | undefined {
  const seconds = subscription.items?.data[0]?.current_period_end ?? subscription.current_period_end;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : undefined;
}

export function invoiceSubscriptionId(invoice: InvoiceObject): string | undefined {
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

/** The end of the service period an invoice pays for (its first line), else the invoice's own. */
export function invoicePeriodEnd(invoice: InvoiceObject): Date | undefined {
  const seconds = invoice.lines?.data[0]?.period?.end ?? invoice.period_end;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : undefined;
}
