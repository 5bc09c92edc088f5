import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Icon } from 'semantic-ui-react';
import { bus, MarkdownHtml } from '@rc/shared-utility';

export type TextUpdate = (update: (text: string) => string) => void;

interface MarkdownEditorProps {
  value: string;
  onChange: TextUpdate;
  /** The server's rendering of the text, or null when it could not render it. */
  preview: (markdown: string) => Promise<string | null>;
  /** Stores an image; its URL, or null when the upload failed (the failure is already said). */
  uploadImage: (file: File) => Promise<string | null>;
  placeholder?: string;
}

const previewDelayMs = 400;
export const uploadingText = '图片上传中…';
export const notAnImage = '只能插入图片文件（PNG、JPG、GIF、WebP）';

let uploadsStarted = 0;

/** What the image is called in the Markdown: its file name without extension or brackets. */
const altOf = (file: File) => file.name.replace(/\.[^.]*$/, '').replace(/[[\]()]/g, '') || '图片';

/** Markdown on the left, the server's rendering of it on the right; images pasted or dropped in are uploaded. */
export function MarkdownEditor({ value, onChange, preview, uploadImage, placeholder }: MarkdownEditorProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [html, setHtml] = useState('');

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      if (!value.trim()) return setHtml('');
      void preview(value).then((rendered) => {
        if (current && rendered !== null) setHtml(rendered);
      });
    }, previewDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, preview]);

  const insertImages = (files: File[]) => {
    if (files.length === 0) return false;
    if (files.some((file) => !file.type.startsWith('image/'))) {
      bus.emit('toast', { type: 'error', message: notAnImage });
      return true;
    }
    const element = textarea.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const marks = files.map((file) => `「${uploadingText}${altOf(file)}#${++uploadsStarted}」`);
    onChange((text) => `${text.slice(0, start)}${marks.join('\n')}${text.slice(end)}`);
    files.forEach((file, index) => {
      void uploadImage(file).then((url) =>
        onChange((text) => text.replace(marks[index]!, url === null ? '' : `![${altOf(file)}](${url})`)),
      );
    });
    return true;
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (insertImages(Array.from(event.clipboardData.files))) event.preventDefault();
  };
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    if (insertImages(Array.from(event.dataTransfer.files))) event.preventDefault();
  };

  return (
    <div className="rc-md-editor">
      <div className="rc-md-pane">
        <div className="rc-md-pane-title">
          <span>
            <Icon name="pencil" /> Markdown（可直接粘贴或拖入图片）
          </span>
          <label className="rc-md-insert-image">
            <Icon name="image outline" />
            插入图片
            <input
              type="file"
              accept="image/*"
              multiple
              hidden
              className="rc-md-image-input"
              onChange={(event) => {
                insertImages(Array.from(event.target.files ?? []));
                event.target.value = '';
              }}
            />
          </label>
        </div>
        <textarea
          ref={textarea}
          className="rc-md-input"
          value={value}
          placeholder={placeholder}
          onChange={(event) => {
            const next = event.target.value;
            onChange(() => next);
          }}
          onPaste={onPaste}
          onDrop={onDrop}
          onDragOver={(event) => event.preventDefault()}
        />
      </div>
      <div className="rc-md-pane">
        <div className="rc-md-pane-title">
          <span>
            <Icon name="eye" /> 预览
          </span>
        </div>
        <div className="rc-md-preview">
          {html ? <MarkdownHtml html={html} /> : <p className="rc-muted">在左侧输入内容，这里显示排版效果</p>}
        </div>
      </div>
    </div>
  );
}
