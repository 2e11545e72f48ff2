import { lazy, Suspense } from 'react';

const loadMarkdown = () => import('./markdown-content');
const MarkdownContent = lazy(loadMarkdown);

/** Fetches the Markdown renderer ahead of the first reply, so replies rarely flash; once is enough. */
export function preloadMarkdown() {
  void loadMarkdown();
}

/** A reply rendered as Markdown; plain text until the renderer has loaded. */
export function AssistantText({ content }: { content: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{content}</p>}>
      <MarkdownContent content={content} />
    </Suspense>
  );
}
