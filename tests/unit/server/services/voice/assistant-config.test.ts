import { beforeAll, describe, expect, it } from 'vitest';
import { buildAssistantConfig } from '../../../../../server/services/voice/assistant-config';
import { loadContent, type OwnerContent } from '../../../../../server/services/content/load-content';
import { testEnv } from '../../../../helpers/test-app';
import { fixtureOwnerDir } from '../../../../helpers/fixture-owners';

let content: OwnerContent;
beforeAll(async () => {
  content = await loadContent(fixtureOwnerDir('alex-morgan'));
});

const systemPromptOf = (env: Record<string, string> = {}) => {
  const config = buildAssistantConfig(testEnv(env), content) as {
    model: { messages: Array<{ role: string; content: string }> };
  };
  expect(config.model.messages).toHaveLength(1);
  return config.model.messages[0]!.content;
};

describe('voice assistant prompt', () => {
  it('knows everything the chat clone knows: rates, services, availability, projects, the voice plans', () => {
    const prompt = systemPromptOf();
    expect(prompt.startsWith(content.profile.persona)).toBe(true);
    for (const fact of [
      'Hourly advisory and architecture work: 200 dollars an hour',
      'typically 25,000 to 60,000 dollars',
      'Fractional AI architect retainer: from 6,500 dollars a month',
      'Fractional AI architect: ongoing architecture leadership',
      'I am currently booking new projects with 20 to 30 hours a week of capacity',
      'Clinical documentation summaries for a hospital network',
      'preparation time for rounds dropped by 38 percent',
      'Mostly Python and TypeScript for AI work',
      'Monthly: 29 dollars a month, 100 voice minutes a month.',
      'on the Voice Call page',
    ]) {
      expect(prompt).toContain(fact);
    }
  });

  it('is written for speech: no Markdown, nothing on a screen', () => {
    const prompt = systemPromptOf();
    expect(prompt).not.toMatch(/\*\*|^#|^\s*[-*] |\]\(|`/m);
    expect(prompt).not.toMatch(/button below the chat|Schedule call/i);
    expect(prompt).toContain('the booking form on my website');
    expect(prompt).toMatch(/two to four spoken sentences/);
  });

  it('keeps the essentials when the budget is tight, and fills the rest in order', () => {
    const prompt = systemPromptOf({ CLONE_PROMPT_BUDGET_TOKENS: '3000' });
    expect(prompt).toContain('200 dollars an hour');
    expect(prompt).toContain('I am currently booking new projects');
    expect(prompt).toContain('preparation time for rounds dropped by 38 percent');
    expect(prompt).toContain('29 dollars a month');
    expect(prompt.length / 4).toBeLessThan(3000);
    expect(prompt.length).toBeLessThan(systemPromptOf().length);
  });

  it('says the booking hours in the owner time zone', () => {
    expect(systemPromptOf({ OWNER_TIMEZONE: 'Europe/Berlin' })).toMatch(
      /Central European Time|Europe\/Berlin/,
    );
  });

  it('ends calls at VOICE_MAX_CALL_MINUTES and tells callers that limit', () => {
    for (const [minutes, seconds] of [
      [undefined, 900],
      ['25', 1500],
    ] as const) {
      const env: Record<string, string> = minutes ? { VOICE_MAX_CALL_MINUTES: minutes } : {};
      const config = buildAssistantConfig(testEnv(env), content) as { maxDurationSeconds: number };
      expect(config.maxDurationSeconds).toBe(seconds);
      expect(systemPromptOf(env)).toContain(
        `a single voice call with my AI clone lasts at most ${seconds / 60} minutes`,
      );
    }
  });
});
