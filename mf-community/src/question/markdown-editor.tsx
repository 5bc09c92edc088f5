import { useState } from 'react';
import { MarkdownHtml } from '@rc/shared-utility';
import { Menu } from 'semantic-ui-react';
import { previewMarkdown } from '../markdown-preview-api';

interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}

/** A Markdown textarea with a 预览 tab rendered by the server's renderer (the one that renders on save). */
export function MarkdownEditor({ value, onChange, placeholder, label }: MarkdownEditorProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const showPreview = async () => {
    const answer = await previewMarkdown(value);
    if (answer.code === 200) setPreview(answer.data.html);
  };
  return (
    <div className="rc-markdown-editor">
      <Menu tabular size="small">
        <Menu.Item name="编辑" active={preview === null} onClick={() => setPreview(null)} />
        <Menu.Item name="预览" active={preview !== null} onClick={() => void showPreview()} />
      </Menu>
      {preview === null ? (
        <textarea aria-label={label} value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <div className="rc-markdown-preview">{value.trim() ? <MarkdownHtml html={preview} /> : <p>没有可预览的内容</p>}</div>
      )}
    </div>
  );
}
