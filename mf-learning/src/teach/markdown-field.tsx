import { useState } from 'react';
import { Button, Form } from 'semantic-ui-react';
import { EmptyState, LoadingState, MarkdownHtml } from '@rc/shared-utility';
import { previewMarkdown } from './teach-api';

interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength: number;
}

/** Markdown in a text area, with 预览 showing the server's rendering (the renderer that renders it on save). */
export function MarkdownField({ label, value, onChange, placeholder, maxLength }: MarkdownFieldProps) {
  const [preview, setPreview] = useState<string | null | undefined>(undefined);
  const [previewing, setPreviewing] = useState(false);

  const showPreview = async () => {
    setPreviewing(true);
    setPreview(null);
    const result = await previewMarkdown(value);
    setPreview(result.code === 200 ? result.data.html : '');
  };

  return (
    <div className="rc-teach-markdown">
      <div className="rc-teach-markdown-bar">
        <label>{label}（Markdown）</label>
        <Button.Group size="mini" basic>
          <Button type="button" active={!previewing} content="编辑" onClick={() => setPreviewing(false)} />
          <Button type="button" active={previewing} content="预览" onClick={() => void showPreview()} />
        </Button.Group>
      </div>
      {previewing ? (
        <div className="rc-teach-markdown-preview">
          {preview === null || preview === undefined ? (
            <LoadingState />
          ) : preview ? (
            <MarkdownHtml html={preview} />
          ) : (
            <EmptyState>没有可预览的内容</EmptyState>
          )}
        </div>
      ) : (
        <Form.TextArea
          rows={10}
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(_, data) => onChange(String(data.value ?? ''))}
        />
      )}
    </div>
  );
}
