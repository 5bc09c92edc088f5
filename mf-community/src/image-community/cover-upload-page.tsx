import { useState } from 'react';
import { Button, Message } from 'semantic-ui-react';
import { PageHeader, PageSection, useSubmit, type ScreenProps } from '@rc/shared-utility';
import { uploadCover } from './image-community-api';
import { loadDraft, saveDraft, stepPaths } from './publish-draft';
import './image-community.css';

const maxBytes = 2 * 1024 * 1024;
const accepted = ['image/png', 'image/jpeg', 'image/webp'];

/** `/account/imageCommunity/upload`: uploads a cover picture (PNG/JPG/WebP, ≤2 MB) for the image being published. */
export function CoverUploadPage({ navigate }: ScreenProps) {
  const [url, setUrl] = useState(() => loadDraft().coverUrl);
  const [error, setError] = useState('');
  const { busy, submit } = useSubmit();
  const publishing = loadDraft().imageId > 0;

  const send = (file: File | undefined) => {
    setError('');
    if (!file) return;
    if (!accepted.includes(file.type)) return setError('封面仅支持 PNG、JPG、WebP 格式的图片');
    if (file.size > maxBytes) return setError('封面图片不能超过2MB');
    void submit({
      call: () => uploadCover(file, file.name),
      then: (data) => {
        setUrl(data.url);
        if (publishing) saveDraft({ ...loadDraft(), coverUrl: data.url });
      },
    });
  };

  return (
    <PageSection className="rc-cover-upload">
      <PageHeader />
      <p className="rc-muted">PNG、JPG 或 WebP，不超过 2MB，建议 16:9。</p>
      <input
        type="file"
        accept={accepted.join(',')}
        className="rc-cover-file"
        aria-label="选择封面图片"
        disabled={busy}
        onChange={(event) => send(event.target.files?.[0])}
      />
      {error ? <Message negative content={error} /> : null}
      {url ? <img className="rc-cover-preview" src={url} alt="封面" /> : null}
      {publishing ? (
        <div className="rc-wizard-actions">
          <Button primary disabled={busy} onClick={() => navigate(stepPaths.settings)}>
            返回发布
          </Button>
        </div>
      ) : null}
    </PageSection>
  );
}
