import { DEFAULT_OWNER_TIMEZONE } from '../../../shared/booking';
import type { Env } from '../../env';
import { buildSystemPrompt } from '../clone/build-prompt';
import { getCloneKnowledge } from '../clone/clone-knowledge';
import type { OwnerContent } from '../content/load-content';

type AssistantEnv = Pick<
  Env,
  | 'VAPI_VOICE_PROVIDER'
  | 'VAPI_VOICE_ID'
  | 'VAPI_RECORDING_ENABLED'
  | 'OWNER_TIMEZONE'
  | 'CLONE_PROMPT_BUDGET_TOKENS'
  | 'VOICE_MAX_CALL_MINUTES'
  | 'BOOKING_MIN_NOTICE_HOURS'
>;

/** The first thing the clone says on a call. */
export const getFirstMessage = (content: OwnerContent) => content.profile.greeting;

/**
 * The Vapi assistant: the persona and profile from content/, gpt-4o, the configured
 * text-to-speech voice, Deepgram nova-2, the greeting, recording off unless configured, and the
 * longest call (VOICE_MAX_CALL_MINUTES; each call the server creates gets what its session has left). Stored at Vapi (vapi-assistant-sync), or sent inline with a call the server
 * creates while Vapi could not store it. Holds no secret.
 */
export function buildAssistantConfig(env: AssistantEnv, content: OwnerContent): Record<string, unknown> {
  return {
    name: `${content.profile.name} voice clone`.slice(0, 40),
    firstMessage: getFirstMessage(content),
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      messages: [
        {
          role: 'system',
          content: buildVoiceSystemPrompt(content, {
            ownerTimeZone: env.OWNER_TIMEZONE,
            budgetTokens: env.CLONE_PROMPT_BUDGET_TOKENS,
            maxCallMinutes: env.VOICE_MAX_CALL_MINUTES,
            minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS,
          }),
        },
      ],
    },
    voice: { provider: env.VAPI_VOICE_PROVIDER, voiceId: env.VAPI_VOICE_ID },
    transcriber: { provider: 'deepgram', model: 'nova-2', language: 'en' },
    artifactPlan: { recordingEnabled: env.VAPI_RECORDING_ENABLED },
    maxDurationSeconds: env.VOICE_MAX_CALL_MINUTES * 60,
  };
}

/**
 * The voice clone's prompt: the chat clone's knowledge (the owner's files and the site's own
 * document) and rules, rendered for speech: no Markdown, no on-screen references, prices and
 * numbers as a person says them. Vapi has no retrieval of ours, so over the budget it keeps the
 * essential sections and then as many others as fit, in their usual order.
 */
export function buildVoiceSystemPrompt(
  content: OwnerContent,
  {
    ownerTimeZone = DEFAULT_OWNER_TIMEZONE,
    budgetTokens,
    maxCallMinutes,
    minNoticeHours,
  }: { ownerTimeZone?: string; budgetTokens?: number; maxCallMinutes?: number; minNoticeHours?: number } = {},
): string {
  const { index } = getCloneKnowledge(content, { ownerTimeZone, maxCallMinutes, minNoticeHours });
  return buildSystemPrompt(content.profile, index, { channel: 'voice', budgetTokens });
}
