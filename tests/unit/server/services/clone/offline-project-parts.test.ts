import { beforeAll, describe, expect, it } from 'vitest';
import { converseWith, loadOfflineClone } from '../../../../helpers/offline-clone';
import type { KnowledgeIndex } from '../../../../../server/services/clone/knowledge-index';
import type { OwnerContent } from '../../../../../server/services/content/load-content';

// A question about one part of a named project (where it ran, how often it was right, how big the
// client was) gets that part, or an honest "I don't know" when the project does not say it.
// The alex-morgan fixture owner plus the site's generated knowledge.

let clone: { content: OwnerContent; index: KnowledgeIndex };
beforeAll(async () => {
  clone = await loadOfflineClone();
});

const ask = (...questions: string[]) => converseWith(clone, ...questions).reply;

describe('offline clone: one part of a named project', () => {
  it('gives the stack for where a project ran', () => {
    const hospital = ask('Which cloud platform and services hosted the models in your hospital project?');
    expect(hospital.text).toMatch(/SageMaker/);
    expect(hospital.text).not.toMatch(/\*\*Problem:\*\*/);
    expect(ask("what did you run the fintech's model serving on? k8s? which inference server?").text).toMatch(
      /EKS.*vLLM/,
    );
  });

  it('gives the outcome for how often it was right', () => {
    const reply = ask('In the insurer project, how often were the cited policy clauses correct?');
    expect(reply.text).toMatch(/94%/);
    expect(reply.text).not.toMatch(/extracts the key facts/);
  });

  it('reads "in what percentage" as asking for the outcome the content gives in %', () => {
    expect(
      ask('In the claims triage project, in what percentage of audited cases were the cited clauses correct?')
        .text,
    ).toMatch(/94%/);
    expect(
      ask(
        'In your healthcare summarisation engagement, by what percentage was pre-rounds preparation reduced?',
      ).text,
    ).toMatch(/38%/);
    // "Response time" is the project's here, not the heading of the clone's own response time.
    expect(
      ask(
        'For the B2B SaaS support copilot, what proportion of inbound questions was resolved without a human agent, and by how much did median first response time drop?',
      ).text,
    ).toMatch(/31% of incoming questions .* fell by 45%/);
    // Two questions joined by "and on how many…": the share, then the count, said once.
    expect(
      ask(
        'In your healthcare summarisation engagement, by what percentage was pre-rounds preparation reduced, and on how many wards is it in use?',
      ).text,
    ).toMatch(/^In the clinical documentation summaries .*dropped by 38%.*more than 40 wards\.\n/);
    // A share the content never gives is not answered by a sentence without one.
    expect(ask('What percentage of your proofs of concept actually make it to production?').isAnswered).toBe(
      false,
    );
  });

  it('answers a follow-up naming a product, a review it passed, or two parts at once', () => {
    expect(
      ask('What did you build for the B2B software company?', 'which help desk product was it plugged into?')
        .text,
    ).toMatch(/Zendesk/);
    expect(
      ask(
        'Summarise the GPU inference platform project.',
        'Which node autoscaler and which model-serving engine did it use?',
      ).text,
    ).toMatch(/Karpenter, vLLM/);
    expect(ask('You did something in healthcare?', 'And this passed which security review?').text).toMatch(
      /passed the network's HIPAA security review/,
    );
    const twoParts = ask(
      'Tell me about the internal knowledge assistant for the engineering firm.',
      'How many employees did that firm have, and which identity platform enforced the document permissions?',
    ).text;
    expect(twoParts).toMatch(/about 2,500 employees\. I used Azure OpenAI, .*Entra ID/);
  });

  it('does not answer a charge of one kind with a sentence that names no such charge', () => {
    for (const question of [
      "What's your cancellation fee if we terminate a statement of work halfway through?",
      'What late payment fee or interest do you charge on overdue invoices?',
      "What's your rate for weekend or overnight emergency work?",
      'What do you charge for weekend emergency on-call support?',
    ])
      expect(ask(question).isAnswered, question).toBe(false);
    expect(ask('Can I cancel my voice plan any time?').text).toMatch(/until you cancel it/);
  });

  it('does not know a count the project never gives', () => {
    const reply = ask('How many employees did the Boston fintech have?');
    expect(reply.isAnswered).toBe(false);
    expect(reply.text).toMatch(/not sure|don't know/i);
    expect(ask('How many employees did the insurer in the claims project have?').text).toMatch(/1,200/);
  });

  it('answers the question beside what visitors say of themselves', () => {
    const reply = ask("Ever done HIPAA work? We're a healthcare company.");
    expect(reply.text).toMatch(/HIPAA/);
    expect(reply.text).not.toMatch(/industries|particularly well/i);
  });
});

describe('offline clone: a detail the content never gives', () => {
  it('does not answer what a thing of the content is, when the content never says it', () => {
    for (const question of [
      'What was the total asset size of the regional bank in your mainframe project?',
      'what was ur masters thesis about at northeastern?',
    ]) {
      const reply = ask(question);
      expect(reply.isAnswered, question).toBe(false);
    }
  });

  it('still answers price ranges, payment terms and counts asked the same way', () => {
    expect(ask('What are your payment terms on invoices?').text).toMatch(/30 days/);
    expect(ask("What's the usual price range for a proof of concept?").text).toMatch(/\$25,000-\$60,000/);
  });
});

describe('offline clone: a follow-up about what changed', () => {
  it('gives the outcome that says it, through words related to the question', () => {
    const { reply } = converseWith(
      clone,
      'Have you built anything for a customer support team?',
      'did their customers end up less happy with the bot?',
    );
    expect(reply.text).toMatch(/customer satisfaction stayed the same/);
  });
});

describe('offline clone: a short question that leans on the one before it', () => {
  it('reads "who pays for it?" with the travel question before it', () => {
    expect(ask('do you ever travel to clients, and who pays for it?').text).toMatch(
      /travel is billed at cost/,
    );
  });

  it('gives the stack for "what was it built on?" after a project', () => {
    const { reply } = converseWith(
      clone,
      'Tell me about the internal knowledge assistant for the engineering firm.',
      'what was it built on?',
    );
    expect(reply.text).toMatch(/Microsoft Graph, Entra ID/);
  });
});
