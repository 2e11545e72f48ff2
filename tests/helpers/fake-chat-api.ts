import { vi } from 'vitest';
import type { ChatMessage } from '@shared/chat';
import type { PublicProfile } from '@shared/content';
import { json } from './json-response';

// A stand-in for the chat API in component tests: `fetch` answers from registered routes
// ("POST /api/conversations"), and streamed sends are driven step by step by the test.

export const PROFILE: PublicProfile = {
  name: 'Alex Morgan',
  title: 'AI Solutions Architect',
  experience: '20 years',
  projects: '100+ enterprise solutions',
  responseTime: '~2 seconds',
  location: 'Massachusetts, USA',
  availability: 'Booking new projects: 20-30 hours a week',
  workStyle: 'Remote freelancer',
  photo: '/api/profile/photo',
  greeting:
    "Hi! I'm the AI clone of Alex Morgan, an AI Solutions Architect with 20 years of experience. " +
    'Ask me anything about my experience, skills, projects or how we could work together.',
  expertise: [
    {
      title: 'AI Solutions Architecture',
      icon: 'brain',
      description: 'GenAI systems in production.',
      keywords: ['LLM', 'RAG'],
    },
    {
      title: 'Enterprise Development',
      icon: 'building',
      description: 'Business-critical software.',
      keywords: ['TypeScript'],
    },
    { title: 'Cloud & Infrastructure', icon: 'cloud', description: 'Secure platforms.', keywords: ['AWS'] },
    { title: 'Automation & DevOps', icon: 'workflow', description: 'Pipelines.', keywords: ['CI/CD'] },
  ],
  quickQuestions: [
    { label: 'AI Solutions', question: 'What kind of AI solutions have you built for enterprises?' },
    { label: 'Cloud Architecture', question: 'How do you approach cloud architecture for AI workloads?' },
    { label: 'Work Together', question: 'How can we work together, and what are your rates?' },
  ],
};

export const CONVERSATION_ID = '5b0c8a4e-8d0f-4a63-9a53-3f1d2f4c6b11';

export const message = (
  id: string,
  role: ChatMessage['role'],
  content: string,
  timestamp: string,
): ChatMessage => ({
  id,
  role,
  content,
  timestamp,
});

type Handler = (init: RequestInit) => Response | Promise<Response>;

export function installFakeApi() {
  const routes = new Map<string, Handler>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const handler = routes.get(key);
    return handler ? handler(init) : json(404, { message: `No route for ${key}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    on(key: string, handler: Handler) {
      routes.set(key, handler);
    },
    calls(key: string) {
      return fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
    },
  };
}

/** A text/event-stream answer the test writes to event by event; it errors when the request is aborted. */
export function createEventStream(signal?: AbortSignal | null) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () =>
    controller.error(new DOMException('The user aborted a request.', 'AbortError')),
  );
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller.close();
    },
  };
}
