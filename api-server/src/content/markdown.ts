import { createRequire } from 'node:module';
import type { MarkdownIt } from 'markdown-it';
import type MarkdownItCallable from 'markdown-it';

/** Where images in posts may come from: the portal's own storage, served under /apis. */
const ownStorage = /^\/apis\/[\w\-./?=&%]+$/;

const load = createRequire(import.meta.url);
let renderer: MarkdownIt | undefined;

/** The renderer, made by the first text rendered: markdown-it is not loaded at start-up (issue 31). */
function markdown(): MarkdownIt {
  if (renderer) return renderer;
  const made = new (load('markdown-it') as typeof MarkdownItCallable)({ html: false, linkify: true, typographer: false });
  made.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    token.attrSet('rel', 'nofollow noopener noreferrer');
    token.attrSet('target', '_blank');
    return self.renderToken(tokens, index, options);
  };
  made.renderer.rules.image = (tokens, index) => {
    const token = tokens[index]!;
    const src = String(token.attrGet('src') ?? '');
    const alt = made.utils.escapeHtml(token.content);
    if (!ownStorage.test(src)) return `<span class="rc-md-blocked-image">[图片：${alt || '外部图片'}]</span>`;
    return `<img src="${made.utils.escapeHtml(src)}" alt="${alt}" loading="lazy">`;
  };
  renderer = made;
  return made;
}

/**
 * The one Markdown renderer of the community: raw HTML off, links marked nofollow, images only from
 * our own storage. Browsers sanitise its output once more (DOMPurify) before inserting it.
 */
export function renderMarkdown(source: string): string {
  return markdown().render(source);
}

/** One line of Markdown (a choice's option) as inline HTML: code, emphasis and links, no paragraph around it. */
export function renderInlineMarkdown(source: string): string {
  return markdown().renderInline(source);
}

/** The words of a Markdown text without its markup: what search indexes and summaries show. */
export function plainTextOf(source: string): string {
  const words: string[] = [];
  const collect = (tokens: ReturnType<MarkdownIt['parse']>) => {
    for (const token of tokens) {
      if (token.children) collect(token.children);
      else if (token.type === 'text' || token.type === 'code_inline' || token.type === 'code_block' || token.type === 'fence')
        words.push(token.content);
    }
  };
  collect(markdown().parse(source, {}));
  return words.join(' ').replace(/\s+/g, ' ').trim();
}

/** The first `length` characters of the text, cut at a character, with an ellipsis when cut. */
export function summaryOf(source: string, length = 120): string {
  const text = plainTextOf(source);
  const characters = Array.from(text);
  return characters.length <= length ? text : `${characters.slice(0, length).join('')}…`;
}
