import { useEffect, useRef, useState } from 'react';
import { Button, Form } from 'semantic-ui-react';
import { PageHeader, PageSection, useSubmit, type ScreenProps } from '@rc/shared-utility';
import { uploadCover } from './image-community-api';
import { loadDraft, saveDraft, stepPaths } from './publish-draft';
import './image-community.css';

const palettes: Array<[string, string]> = [
  ['#2185d0', '#6435c9'],
  ['#21ba45', '#00b5ad'],
  ['#f2711c', '#db2828'],
  ['#1b1c1d', '#2185d0'],
];

/** Draws a 640×360 cover: a gradient, the title and the tags. */
function drawCover(canvas: HTMLCanvasElement, title: string, tags: string[], palette: [string, string]) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const gradient = context.createLinearGradient(0, 0, canvas.width, canvas.height);
  gradient.addColorStop(0, palette[0]);
  gradient.addColorStop(1, palette[1]);
  context.fillStyle = gradient;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#fff';
  context.font = 'bold 40px "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
  context.fillText(title, 40, 170, canvas.width - 80);
  context.font = '22px "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
  context.fillText(tags.map((tag) => `#${tag}`).join('  '), 40, 230, canvas.width - 80);
  context.font = '18px sans-serif';
  context.globalAlpha = 0.7;
  context.fillText('算力云 · 镜像社区', 40, canvas.height - 30);
  context.globalAlpha = 1;
}

/** `/account/imageCommunity/canvas`: makes a simple cover from the title and tags on a canvas and uploads it. */
export function CoverCanvasPage({ navigate }: ScreenProps) {
  const draft = loadDraft();
  const [title, setTitle] = useState(draft.title || '我的镜像');
  const [palette, setPalette] = useState(0);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [url, setUrl] = useState('');
  const { busy, submit } = useSubmit();

  useEffect(() => {
    if (canvas.current) drawCover(canvas.current, title, draft.tags, palettes[palette]!);
  }, [title, palette, draft.tags]);

  const save = () =>
    submit({
      call: async () => {
        const blob = await new Promise<Blob | null>((resolve) => canvas.current?.toBlob(resolve, 'image/png'));
        return uploadCover(blob ?? new Blob(), 'cover.png');
      },
      then: (data) => {
        setUrl(data.url);
        if (draft.imageId) {
          saveDraft({ ...loadDraft(), coverUrl: data.url });
          navigate(stepPaths.settings);
        }
      },
    });

  return (
    <PageSection className="rc-cover-canvas-page">
      <PageHeader />
      <Form>
        <Form.Input label="封面文字" maxLength={24} value={title} onChange={(_, data) => setTitle(data.value)} />
        <Form.Field>
          <label>配色</label>
          <Button.Group size="small">
            {palettes.map((colors, index) => (
              <Button
                key={colors.join()}
                type="button"
                active={index === palette}
                style={{ background: `linear-gradient(135deg, ${colors[0]}, ${colors[1]})`, color: '#fff' }}
                onClick={() => setPalette(index)}
              >
                {index + 1}
              </Button>
            ))}
          </Button.Group>
        </Form.Field>
      </Form>
      <canvas ref={canvas} width={640} height={360} className="rc-cover-canvas" />
      <div className="rc-wizard-actions">
        <Button primary loading={busy} disabled={busy} className="rc-save-cover" onClick={() => void save()}>
          {draft.imageId ? '使用此封面' : '上传封面'}
        </Button>
        {draft.imageId ? <Button onClick={() => navigate(stepPaths.settings)}>返回发布</Button> : null}
      </div>
      {url && !draft.imageId ? <p className="rc-muted">封面已上传：{url}</p> : null}
    </PageSection>
  );
}
