import { Type, type Static } from 'typebox';

/** The text of a file as the preview shows it (file storage, network disk, cloud disk, HPC job output). */
export const TextPreview = Type.Object({
  name: Type.String(),
  size: Type.Integer({ description: '文件字节数' }),
  text: Type.String({ description: '文件的前 512KB（tail 时为最后 512KB，从整行开始）' }),
  truncated: Type.Boolean({ description: '文件超过 512KB，只显示了一部分' }),
  binary: Type.Boolean({ description: '不是 UTF-8 文本，不显示内容' }),
  editable: Type.Boolean({ description: '不超过 256KB 的文本，可在线编辑保存' }),
  html: Type.Union([Type.String(), Type.Null()], { description: 'Markdown 文件（.md）渲染出的 HTML，其他为 null' }),
});
export type TextPreview = Static<typeof TextPreview>;

/** Edited text, saved over the file (at most 256 KB once encoded). */
export const TextContent = Type.String({ title: '文件内容', maxLength: 256 * 1024 });

export const SavedText = Type.Object({ size: Type.Integer({ description: '保存后的字节数' }) });
export type SavedText = Static<typeof SavedText>;
