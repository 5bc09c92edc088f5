import { useCallback, useEffect, useState } from 'react';
import { Button, Message, Table, TextArea } from 'semantic-ui-react';
import type { SavedText, TextPreview } from '@rc/api-contract/file-preview';
import { dialogs, formatSize, ListState, MarkdownHtml, OutputBox, runAction, useLoaded, type ApiResult } from '@rc/shared-utility';
import { csvRows, previewKindOf, type PreviewKind } from './preview-kind';
import './file-preview.css';

/** A file the preview opens, and the calls of the page it belongs to (file storage, network disk or cloud disk). */
export interface PreviewedFile {
  name: string;
  size: number;
  readText: () => Promise<ApiResult<TextPreview>>;
  readBytes: () => Promise<ApiResult<Blob | null>>;
  /** Absent where the file cannot be written (a frozen disk). */
  saveText?: (text: string) => Promise<ApiResult<SavedText>>;
  download: () => void;
}

const csvRowLimit = 100;

function CsvTable({ preview }: { preview: TextPreview }) {
  const [head = [], ...rows] = csvRows(preview.text, csvRowLimit + 1, preview.name.toLowerCase().endsWith('.tsv') ? '\t' : ',');
  return (
    <>
      <p className="rc-muted">显示前 {rows.length} 行数据</p>
      <div className="rc-preview-table">
        <Table compact celled unstackable size="small">
          <Table.Header>
            <Table.Row>
              {head.map((cell, index) => (
                <Table.HeaderCell key={index}>{cell}</Table.HeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) => (
              <Table.Row key={index}>
                {row.map((cell, column) => (
                  <Table.Cell key={column}>{cell}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
    </>
  );
}

function TextEditor({ preview, file, onSaved }: { preview: TextPreview; file: PreviewedFile; onSaved: () => void }) {
  const [text, setText] = useState(preview.text);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    await runAction(() => file.saveText!(text), { then: onSaved });
    setSaving(false);
  };
  return (
    <div className="rc-preview-editor">
      <TextArea aria-label="文件内容" className="rc-preview-textarea" value={text} onChange={(_, data) => setText(String(data.value))} />
      <div className="rc-preview-actions">
        <Button size="small" content="取消" onClick={onSaved} disabled={saving} />
        <Button primary size="small" className="rc-preview-save" content="保存" loading={saving} onClick={() => void save()} />
      </div>
    </div>
  );
}

function TextBody({ file, kind }: { file: PreviewedFile; kind: PreviewKind }) {
  const loaded = useLoaded(useCallback(() => file.readText(), [file]));
  const [editing, setEditing] = useState(false);
  return (
    <ListState source={loaded} isEmpty={() => false} empty={null}>
      {(preview) => {
        if (preview.binary) return <Message info content="该文件不是文本文件，无法预览，请下载后查看。" />;
        if (editing)
          return (
            <TextEditor
              preview={preview}
              file={file}
              onSaved={() => {
                setEditing(false);
                void loaded.reload();
              }}
            />
          );
        return (
          <>
            <div className="rc-preview-actions">
              {preview.truncated ? <span className="rc-muted">文件较大，只显示前 512 KB</span> : null}
              <span className="rc-spacer" />
              {preview.editable && file.saveText ? (
                <Button basic size="small" icon="edit" className="rc-preview-edit" content="编辑" onClick={() => setEditing(true)} />
              ) : null}
            </div>
            {kind === 'markdown' && preview.html !== null ? <MarkdownHtml html={preview.html} className="rc-preview-markdown" /> : null}
            {kind === 'csv' ? <CsvTable preview={preview} /> : null}
            {kind === 'text' || (kind === 'markdown' && preview.html === null) ? (
              <OutputBox className="rc-preview-text">{preview.text}</OutputBox>
            ) : null}
          </>
        );
      }}
    </ListState>
  );
}

function BytesBody({ file, kind }: { file: PreviewedFile; kind: 'image' | 'pdf' }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    void file.readBytes().then((result) => {
      if (result.code !== 200 || !result.data) return setFailed(result.msg || '加载失败');
      made = URL.createObjectURL(result.data);
      setUrl(made);
    });
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [file]);
  if (failed) return <Message warning content={failed} />;
  if (!url) return <p className="rc-muted">加载中…</p>;
  return kind === 'image' ? (
    <img className="rc-preview-image" src={url} alt={file.name} />
  ) : (
    <iframe className="rc-preview-pdf" src={url} title={file.name} />
  );
}

/** Opens a file in a dialog: text, code and logs as text (small ones editable), Markdown rendered, CSV's first rows, images and PDFs. */
export function openFilePreview(file: PreviewedFile): void {
  const kind = previewKindOf(file.name);
  const handle = dialogs.open({
    title: `${file.name}（${formatSize(file.size)}）`,
    width: 900,
    content: (
      <div className="rc-file-preview">
        {kind === null ? <Message info content="该类型的文件不支持预览，请下载后查看。" /> : null}
        {kind === 'image' || kind === 'pdf' ? <BytesBody file={file} kind={kind} /> : null}
        {kind !== null && kind !== 'image' && kind !== 'pdf' ? <TextBody file={file} kind={kind} /> : null}
      </div>
    ),
    actions: [
      { text: '下载', onClick: () => file.download() },
      { text: '关闭', primary: true, onClick: () => handle.close() },
    ],
  });
}
