import { useEffect, useState } from 'react';
import { Button, Form, Message } from 'semantic-ui-react';
import { debounce, PageHeader, PageSection, type ScreenProps, MarkdownHtml } from '@rc/shared-utility';
import { previewMarkdown } from '../markdown-preview-api';
import { loadDraft, saveDraft, stepPaths } from './publish-draft';
import { PublishSteps } from './publish-steps';
import './image-community.css';

const template = '## 镜像内容\n\n- \n\n## 使用方法\n\n1. \n';

/** `/account/imageCommunity/addAppDcp`: step 2, the image's description in Markdown with a live preview. */
export function DescriptionPage({ navigate }: ScreenProps) {
  const [draft, setDraft] = useState(loadDraft);
  const [markdown, setMarkdown] = useState(draft.descriptionMd || template);
  const [html, setHtml] = useState('');
  const [render] = useState(() =>
    debounce((source: string) => {
      void previewMarkdown(source).then((result) => {
        if (result.code === 200) setHtml(result.data.html);
      });
    }, 300),
  );

  useEffect(() => render(markdown), [markdown, render]);

  if (!draft.imageId) {
    return (
      <PageSection>
        <PageHeader />
        <Message warning content="请先选择要发布的镜像" />
        <Button onClick={() => navigate(stepPaths.pick)}>去选择镜像</Button>
      </PageSection>
    );
  }

  const go = (path: string) => {
    const next = { ...draft, descriptionMd: markdown };
    saveDraft(next);
    setDraft(next);
    navigate(path);
  };

  return (
    <PageSection className="rc-image-publish">
      <PageHeader subject={draft.title} />
      <PublishSteps current={2} />
      <Form>
        <div className="rc-description-editor">
          <Form.TextArea
            className="rc-description-input"
            rows={16}
            maxLength={20_000}
            value={markdown}
            onChange={(_, data) => setMarkdown(String(data.value ?? ''))}
          />
          <div className="rc-description-preview">
            <MarkdownHtml html={html} />
          </div>
        </div>
        <small className="rc-muted">支持 Markdown；图片只能使用本站上传的地址。</small>
        <div className="rc-wizard-actions">
          <Button onClick={() => go(stepPaths.pick)}>上一步</Button>
          <Button primary className="rc-next-step" onClick={() => go(stepPaths.settings)}>
            下一步
          </Button>
        </div>
      </Form>
    </PageSection>
  );
}
