import { describe, expect, it } from 'vitest';
import { isDontKnowReply } from '../../../../../server/services/clone/openai-chat-model';

describe('isDontKnowReply', () => {
  it.each([
    "I don't know what my favourite film is, but I can tell you about my projects.",
    'I’m not sure about that. The nearest thing I know is my rates.',
    'Good question! I can’t say which clients I will have next year.',
    'That is not something I know from my notes.',
    'No lo sé. Lo más cercano que sé es mi tarifa por hora.',
    'No estoy seguro de eso, pero trabajo desde Massachusetts.',
    'Das weiß ich nicht, aber ich arbeite remote.',
    'Ich bin mir nicht sicher. Ich kann Ihnen aber meine Preise nennen.',
    'Je ne sais pas, mais je peux vous parler de mes projets.',
    'Je ne suis pas sûre de cela.',
  ])('counts %j as not answered', (reply) => {
    expect(isDontKnowReply(reply)).toBe(true);
  });

  it.each([
    'My hourly rate is $200.',
    'Yes, I work with startups: early-stage startups get a 15% discount.',
    'Sí, trabajo con startups y les doy un descuento del 15%.',
    'Ich habe 20 Jahre Erfahrung.',
    'Je travaille à distance depuis le Massachusetts.',
    // A "not sure" well after the answer is advice, not a refusal.
    'My pilots cost $25,000-$60,000. They take 4-8 weeks. If you are not sure which one you need, I can help.',
  ])('counts %j as answered', (reply) => {
    expect(isDontKnowReply(reply)).toBe(false);
  });
});
