import Markdown, { type Components } from 'react-markdown';
import { toSafeHref } from '../safe-url';

// Loaded lazily (see assistant-text.tsx): react-markdown is most of a chat reply's code weight.
// Raw HTML in a reply is never rendered as HTML, images are dropped, and links are limited to
// http, https and mailto and open in a new tab without access to this page.

const COMPONENTS: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

export default function MarkdownContent({ content }: { content: string }) {
  return (
    <div className="markdown">
      <Markdown components={COMPONENTS} urlTransform={toSafeHref} skipHtml disallowedElements={['img']}>
        {content}
      </Markdown>
    </div>
  );
}
