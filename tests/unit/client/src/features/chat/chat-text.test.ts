import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH as SERVER_LIMIT } from '@shared/chat';
import type { PublicProfile } from '@shared/content';
import { getTranscriptFileName } from '@/features/chat/transcript-markdown';
import { MAX_MESSAGE_LENGTH as INPUT_LIMIT } from '@/features/chat/components/composer';
import { getChatSubtitle, getChatTitle, getCloneName, toChatOwner } from '@/features/chat/owner';
import { toPlainText, toSafeHref } from '@/features/chat/safe-url';

const PROFILE: PublicProfile = {
  name: 'Alex Morgan',
  title: 'AI Solutions Architect',
  experience: '20 years',
  specialty: 'GenAI specialist',
  projects: '100+ enterprise solutions',
  responseTime: '~2 seconds',
  location: 'Massachusetts, USA',
  availability: 'Booking new projects',
  workStyle: 'Remote freelancer',
  photo: '/api/profile/photo',
  greeting: 'Hi! Ask me about my projects.',
  expertise: [],
  quickQuestions: [],
};
const OWNER = toChatOwner(PROFILE);

describe('chat texts', () => {
  it('welcomes the visitor with the profile’s greeting, and with a generic one until it loads', () => {
    expect(OWNER.greeting).toBe('Hi! Ask me about my projects.');
    const welcome = toChatOwner(undefined).greeting;
    expect(welcome).toBe(
      "Hi! I'm an AI clone. Ask me anything about my experience, skills, projects or how we could work together.",
    );
    expect(getChatSubtitle(toChatOwner(undefined))).toBe('');
  });

  it('titles the header as a chat with the owner’s AI clone', () => {
    expect(getChatTitle(OWNER)).toBe("Chat with Alex Morgan's AI Clone");
    expect(getChatSubtitle(OWNER)).toBe('AI Solutions Architect · 20 years of experience · GenAI specialist');
    expect(getCloneName(OWNER)).toBe("Alex's AI clone");
  });

  it('builds the header’s facts from the profile, not from the code', () => {
    const other = toChatOwner({
      ...PROFILE,
      title: 'Data Engineer',
      experience: '8 years',
      specialty: 'Lakehouse builder',
    });
    expect(getChatSubtitle(other)).toBe('Data Engineer · 8 years of experience · Lakehouse builder');
    expect(getChatSubtitle(toChatOwner({ ...PROFILE, specialty: undefined }))).toBe(
      'AI Solutions Architect · 20 years of experience',
    );
  });

  it('names the transcript after the visitor’s local date', () => {
    expect(getTranscriptFileName(new Date(2026, 2, 9, 23, 59))).toBe(
      'conversation-transcript-2026-03-09.json',
    );
    expect(getTranscriptFileName(new Date(2026, 11, 31, 0, 0))).toBe(
      'conversation-transcript-2026-12-31.json',
    );
  });

  it('limits the input to what the server accepts', () => {
    expect(INPUT_LIMIT).toBe(SERVER_LIMIT);
  });
});

describe('toSafeHref', () => {
  it.each([
    ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['http://example.com', 'http://example.com'],
    ['mailto:alex@example.com', 'mailto:alex@example.com'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
  ])('keeps %s', (url, expected) => expect(toSafeHref(url)).toBe(expected));

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\nscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    '/relative/path',
    '#anchor',
    '//evil.example.com',
    '',
  ])('drops %j', (url) => expect(toSafeHref(url)).toBe(''));
});

describe('toPlainText', () => {
  it('reads a Markdown reply as words for the screen-reader announcement', () => {
    expect(
      toPlainText(
        '**Ways we can work together**\n\n1. **Free call.** We talk.\n- A [link](https://x.y) and `code`',
      ),
    ).toBe('Ways we can work together Free call. We talk. A link and code');
  });
});
