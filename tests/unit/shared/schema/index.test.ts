import { describe, expect, it } from 'vitest';
import { sendMessageSchema } from '../../../../shared/chat';
import {
  insertContactRequestSchema,
  insertConversationSchema,
  insertMessageSchema,
  insertSubscriptionUserSchema,
  insertUserSchema,
  insertVapiAssistantSchema,
  insertVoiceSessionSchema,
} from '../../../../shared/schema';

// Every insert shape omits the id and the creation/update timestamps, and requires exactly the
// entity's required columns.
const shapeOf = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape);
const requiredOf = (schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } }) => {
  const result = schema.safeParse({}) as {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[] }> };
  };
  return (result.error?.issues ?? []).map((issue) => String(issue.path[0])).sort();
};

describe('insert schemas', () => {
  const cases = [
    ['users', insertUserSchema, ['password', 'username']],
    ['conversations', insertConversationSchema, []],
    ['messages', insertMessageSchema, ['content', 'conversationId', 'role']],
    ['contact_requests', insertContactRequestSchema, ['email', 'fullName', 'phoneNumber']],
    ['subscription_users', insertSubscriptionUserSchema, ['email']],
    ['voice_sessions', insertVoiceSessionSchema, ['status', 'userId']],
    ['vapi_assistants', insertVapiAssistantSchema, ['configuration', 'name', 'vapiAssistantId']],
  ] as const;

  it.each(cases)('%s omits ids and timestamps', (_name, schema) => {
    const keys = shapeOf(schema as never);
    for (const generated of ['id', 'createdAt', 'updatedAt', 'timestamp'])
      expect(keys).not.toContain(generated);
  });

  it.each(cases)('%s requires exactly its required fields', (_name, schema, required) => {
    expect(requiredOf(schema as never)).toEqual([...required].sort());
  });

  it('takes username and password only for users', () => {
    expect(shapeOf(insertUserSchema).sort()).toEqual(['password', 'username']);
  });

  it('accepts a complete message and refuses a wrong type', () => {
    const conversationId = '3b241101-e2bb-4255-8caf-4136c566a962';
    expect(insertMessageSchema.safeParse({ conversationId, role: 'user', content: 'Hi' }).success).toBe(true);
    expect(insertMessageSchema.safeParse({ conversationId, role: 'user', content: 42 }).success).toBe(false);
  });
});

describe('sendMessageSchema', () => {
  it.each([
    ['trims the text', { content: '  hello  ' }, 'hello'],
    ['accepts 4,000 characters', { content: 'a'.repeat(4000) }, 'a'.repeat(4000)],
  ])('%s', (_name, input, expected) => {
    expect(sendMessageSchema.parse(input).content).toBe(expected);
  });

  it.each([
    ['empty', { content: '' }, /cannot be empty/],
    ['whitespace only', { content: ' \n\t ' }, /cannot be empty/],
    ['not text', { content: 12 }, /must be text/],
    ['missing', {}, /must be text/],
    ['over 4,000 characters', { content: 'a'.repeat(4001) }, /too long/],
  ])('refuses %s content with a clear message', (_name, input, message) => {
    const result = sendMessageSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });
});
