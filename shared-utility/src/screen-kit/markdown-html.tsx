import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML the server rendered from Markdown (raw HTML off), sanitised once more before it reaches the
 * page, so a renderer bug can never run script here. `inline` (a line such as a choice's option) sits in a span.
 */
export function MarkdownHtml({ html, className = '', inline = false }: { html: string; className?: string; inline?: boolean }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] }), [html]);
  const Element = inline ? 'span' : 'div';
  return (
    <Element
      className={`${inline ? 'rc-markdown-inline' : 'rc-markdown'} ${className}`.trim()}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
