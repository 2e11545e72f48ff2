import type { DemoCheckoutView } from '../../../shared/voice';
import type { AppContext } from '../../app-deps';
import { notFound } from '../../lib/app-error';
import { applyCheckoutSession } from './process-billing-event';

const NOT_FOUND_MESSAGE =
  'This demo checkout was not found. It may have expired: please choose a plan again.';

export function getDemoCheckout(
  { billing }: Pick<AppContext, 'billing'>,
  sessionId: string,
): DemoCheckoutView {
  const view = billing.mode === 'demo' ? billing.getDemoCheckout(sessionId) : undefined;
  if (!view) throw notFound(NOT_FOUND_MESSAGE);
  return view;
}

/**
 * Confirms a demo checkout: the session is marked paid and its checkout.session.completed event
 * goes through the webhook's own code path (applyCheckoutSession), once per session.
 */
export async function confirmDemoCheckout(
  context: Pick<AppContext, 'database' | 'env' | 'now' | 'billing' | 'content'>,
  sessionId: string,
): Promise<{ redirectUrl: string }> {
  const { billing } = context;
  const session = billing.mode === 'demo' ? billing.completeDemoCheckout(sessionId) : undefined;
  if (!session) throw notFound(NOT_FOUND_MESSAGE);
  await applyCheckoutSession(context, session, 'demo');
  return { redirectUrl: `/voice?checkout_session=${encodeURIComponent(session.id)}` };
}
