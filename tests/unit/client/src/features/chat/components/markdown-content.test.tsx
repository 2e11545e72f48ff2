// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import MarkdownContent from '@/features/chat/components/markdown-content';

afterEach(cleanup);

describe('MarkdownContent (assistant replies)', () => {
  it('renders Markdown: emphasis, lists and code', () => {
    const { container } = render(
      <MarkdownContent
        content={'**Ways we can work together**\n\n1. Intro call\n2. Discovery\n\nUse `npm test`.'}
      />,
    );
    expect(screen.getByText('Ways we can work together').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Intro call', 'Discovery']);
    expect(container.querySelector('code')?.textContent).toBe('npm test');
  });

  it('never renders raw HTML from a reply', () => {
    const { container } = render(
      <MarkdownContent
        content={
          'Hi <script>alert(1)</script> <img src="x" onerror="alert(2)"> <b onclick="alert(3)">bold</b>\n\n<iframe src="https://evil.example"></iframe>'
        }
      />,
    );
    expect(container.querySelector('script, img, iframe, b, [onerror], [onclick]')).toBeNull();
  });

  it('opens safe links in a new tab without access to the page', () => {
    render(
      <MarkdownContent content="See [my site](https://example.com/work) or [mail me](mailto:alex@example.com)." />,
    );
    const site = screen.getByRole('link', { name: 'my site' });
    expect(site.getAttribute('href')).toBe('https://example.com/work');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail me' }).getAttribute('href')).toBe(
      'mailto:alex@example.com',
    );
  });

  it('turns links with other schemes into plain text, and drops images', () => {
    const { container } = render(
      <MarkdownContent
        content={
          '[click](javascript:alert(1)) [data](data:text/html,hi) [rel](/voice) ![pic](https://example.com/p.png) <https://ok.example>'
        }
      />,
    );
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://ok.example']);
    expect(screen.getByText('click').tagName).toBe('SPAN');
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
  });
});
