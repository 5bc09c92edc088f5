import { Type, type Static } from 'typebox';

/** Markdown to preview while writing a post, question, answer or image description. */
export const MarkdownPreviewBody = Type.Object({
  content: Type.String({ title: '正文', maxLength: 50_000, description: '正文最多50000个字' }),
});
export type MarkdownPreviewBody = Static<typeof MarkdownPreviewBody>;

export const MarkdownPreview = Type.Object({
  html: Type.String({ description: '服务端渲染的 HTML（与保存后一致，浏览器再次净化后展示）' }),
});
export type MarkdownPreview = Static<typeof MarkdownPreview>;
