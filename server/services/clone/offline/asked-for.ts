import type { AnswerUnit } from '../answer-units';

/**
 * Sentences that share the question's words but not what it asks for: an account name the content
 * never gives ("GitHub Actions" is no username), or what one client paid (the content gives list
 * prices, never a client's bill).
 */
export function answersWhatIsAsked(question: string, units: AnswerUnit[]): boolean {
  const text = units.map((unit) => unit.text).join(' ');
  const lower = question.toLowerCase();
  if (
    // "Your handle on X", not "how do you handle it".
    /\b(user ?name|(your|ur|the|his|her|a)( [\w-]+)? handle\b(?! (it|that|this|them|the|our|your))|account name|profile (link|url)|url)\b/.test(
      lower,
    ) &&
    !/@|https?:|www\./.test(text)
  )
    return false;
  // The owner's own income is not a client's revenue the content mentions.
  if (
    /\b(your|ur) (annual |yearly |monthly )?(revenue|income|salary|earnings|turnover|net worth)\b/.test(lower)
  )
    return false;
  const clientPaid =
    /\b(did|was|were)\b.*\b(pay|paid|charge|charged|bill|billed|invoice|invoiced|budget)\b|\bhow much (was|were) (the|that|their|your) (contract|deal|project|engagement|invoice)\b/;
  return !(clientPaid.test(lower) && /\$\d/.test(text));
}
