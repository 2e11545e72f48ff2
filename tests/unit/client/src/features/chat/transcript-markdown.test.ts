import { describe, expect, it } from 'vitest';
import type { Transcript } from '@shared/chat';
import { getTranscriptFileName, toTranscriptMarkdown } from '@/features/chat/transcript-markdown';

const TRANSCRIPT: Transcript = {
  conversation: { id: '3b241101-e2bb-4255-8caf-4136c566a962', createdAt: '2026-03-09T14:00:00.000Z' },
  owner: { name: 'Alex Morgan', title: 'AI Solutions Architect' },
  exportedAt: '2026-03-09T15:30:00.000Z',
  messages: [
    { id: 'a', role: 'user', content: 'Where are you based?\n', timestamp: '2026-03-09T14:01:00.000Z' },
    {
      id: 'b',
      role: 'assistant',
      content: 'In **Massachusetts**:\n\n- remote work\n- travel on request',
      timestamp: '2026-03-09T14:01:05.000Z',
    },
    { id: 'c', role: 'user', content: 'And your rates?', timestamp: '2026-03-09T14:02:00.000Z' },
    {
      id: 'd',
      role: 'assistant',
      content: 'My rates depend',
      timestamp: '2026-03-09T14:02:03.000Z',
      isStopped: true,
    },
  ],
};

describe('toTranscriptMarkdown', () => {
  it('writes a title, the owner and dates, then each message under its speaker and time', () => {
    expect(toTranscriptMarkdown(TRANSCRIPT)).toBe(
      [
        "# Conversation with Alex Morgan's AI clone",
        '',
        '- Alex Morgan, AI Solutions Architect',
        '- Started: 2026-03-09 14:00 UTC',
        '- Exported: 2026-03-09 15:30 UTC',
        '',
        '---',
        '',
        '**You** · 2026-03-09 14:01 UTC',
        '',
        'Where are you based?',
        '',
        '---',
        '',
        "**Alex Morgan's AI clone** · 2026-03-09 14:01 UTC",
        '',
        'In **Massachusetts**:',
        '',
        '- remote work',
        '- travel on request',
        '',
        '---',
        '',
        '**You** · 2026-03-09 14:02 UTC',
        '',
        'And your rates?',
        '',
        '---',
        '',
        "**Alex Morgan's AI clone** · 2026-03-09 14:02 UTC (stopped)",
        '',
        'My rates depend',
        '',
      ].join('\n'),
    );
  });

  it('formats times as the caller asks (the browser: the visitor’s local time)', () => {
    const markdown = toTranscriptMarkdown({ ...TRANSCRIPT, messages: [] }, (iso) => `<${iso}>`);
    expect(markdown).toContain('- Started: <2026-03-09T14:00:00.000Z>');
    expect(markdown).not.toContain('---');
  });
});

describe('getTranscriptFileName', () => {
  it('names the file by the local date, .json by default or .md', () => {
    expect(getTranscriptFileName(new Date(2026, 2, 9, 23, 59))).toBe(
      'conversation-transcript-2026-03-09.json',
    );
    expect(getTranscriptFileName(new Date(2026, 11, 31, 0, 0), 'md')).toBe(
      'conversation-transcript-2026-12-31.md',
    );
  });
});
