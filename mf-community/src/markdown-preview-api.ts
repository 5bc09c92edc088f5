import type { MarkdownPreview } from '@rc/api-contract/community/markdown';
import { api } from '@rc/shared-utility';

/** The server's rendering of Markdown being written: the same renderer that renders it on save. */
export const previewMarkdown = (content: string) =>
  api.post<MarkdownPreview>('/community/auth/markdown/preview', { content }, { errorTip: false });
