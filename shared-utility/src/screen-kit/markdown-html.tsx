import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML the server rendered from Markdown (raw HTML off), sanitised once more before it reaches the
 * page, so a renderer bug can never run script here.
 */
export function MarkdownHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] }), [html]);
  return <div className={`rc-markdown ${className}`.trim()} dangerouslySetInnerHTML={{ __html: clean }} />;
}
