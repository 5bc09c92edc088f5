import { useState } from 'react';
import { Button, Dropdown, Form, Message } from 'semantic-ui-react';
import { FieldError, useSubmit, type ScreenProps } from '@rc/shared-utility';
import { publishImage } from './image-community-api';
import { clearDraft, loadDraft, saveDraft, stepPaths, type PublishDraft } from './publish-draft';

const cudaOptions = ['11.8', '12.0', '12.1', '12.2', '12.4'].map((version) => ({ key: version, value: version, text: `CUDA ${version}` }));

type Field = 'tags' | 'cudaVersion' | 'ports';

/** Ports typed as '8888, 6006': each a whole number 1–65535, at most 10. */
function parsePorts(text: string): number[] | string {
  const parts = text.split(/[\s,，、]+/).filter(Boolean);
  if (parts.length > 10) return '最多10个端口';
  const ports = parts.map(Number);
  if (ports.some((port, index) => !/^\d+$/.test(parts[index]!) || port < 1 || port > 65_535)) return '端口应为1到65535之间的整数';
  return [...new Set(ports)];
}

/** Step 3 of publishing: tags, the CUDA version the image needs, its ports and cover; then publish. */
export function PublishSettings({ navigate }: ScreenProps) {
  const [draft, setDraft] = useState(loadDraft);
  const [portsText, setPortsText] = useState(draft.ports.join(', '));
  const { busy, errors, submit } = useSubmit<Field>();

  if (!draft.imageId) {
    return (
      <>
        <Message warning content="请先选择要发布的镜像" />
        <Button onClick={() => navigate(stepPaths.pick)}>去选择镜像</Button>
      </>
    );
  }

  const update = (next: PublishDraft) => {
    setDraft(next);
    saveDraft(next);
  };
  const toCover = (path: string) => {
    const ports = parsePorts(portsText);
    saveDraft({ ...draft, ports: Array.isArray(ports) ? ports : draft.ports });
    navigate(path);
  };

  const publish = () => {
    const ports = parsePorts(portsText);
    return submit({
      check: () => ({
        tags: draft.tags.length > 8 ? '最多8个标签' : draft.tags.some((tag) => tag.length > 20) ? '每个标签不超过20个字' : undefined,
        cudaVersion: /^\d{1,2}\.\d{1,2}$/.test(draft.cudaVersion) ? undefined : '请选择镜像所需的CUDA版本',
        ports: typeof ports === 'string' ? ports : undefined,
      }),
      call: () => {
        const { imageName: _name, ...body } = draft;
        return publishImage({ ...body, ports: Array.isArray(ports) ? ports : [] });
      },
      then: () => {
        clearDraft();
        navigate('/account/imageCommunity');
      },
    });
  };

  return (
    <Form>
      <Form.Field error={Boolean(errors.tags)}>
        <label>标签（最多8个）</label>
        <Dropdown
          className="rc-publish-tags"
          multiple
          search
          selection
          allowAdditions
          additionLabel="添加标签："
          noResultsMessage="输入后回车添加"
          options={draft.tags.map((tag) => ({ key: tag, value: tag, text: tag }))}
          value={draft.tags}
          onAddItem={() => undefined}
          onChange={(_, data) => update({ ...draft, tags: (data.value as string[]).map((tag) => tag.trim().slice(0, 20)).filter(Boolean) })}
        />
        <FieldError message={errors.tags} />
      </Form.Field>
      <Form.Field error={Boolean(errors.cudaVersion)}>
        <label>所需 CUDA 版本（驱动需不低于此版本）</label>
        <Dropdown
          className="rc-publish-cuda"
          selection
          search
          allowAdditions
          additionLabel="其他版本："
          options={
            cudaOptions.some((option) => option.value === draft.cudaVersion) || !draft.cudaVersion
              ? cudaOptions
              : [...cudaOptions, { key: draft.cudaVersion, value: draft.cudaVersion, text: `CUDA ${draft.cudaVersion}` }]
          }
          value={draft.cudaVersion}
          onChange={(_, data) => update({ ...draft, cudaVersion: String(data.value) })}
        />
        <FieldError message={errors.cudaVersion} />
      </Form.Field>
      <Form.Field error={Boolean(errors.ports)}>
        <label>开放端口（逗号分隔，最多10个）</label>
        <input
          className="rc-publish-ports"
          value={portsText}
          placeholder="例如 8888, 6006"
          onChange={(event) => setPortsText(event.target.value)}
        />
        <FieldError message={errors.ports} />
      </Form.Field>
      <Form.Field>
        <label>封面（可选）</label>
        {draft.coverUrl ? <img className="rc-cover-preview" src={draft.coverUrl} alt="封面" /> : <p className="rc-muted">未设置封面</p>}
        <Button type="button" basic onClick={() => toCover('/account/imageCommunity/upload')}>
          上传封面
        </Button>
        <Button type="button" basic className="rc-make-cover" onClick={() => toCover('/account/imageCommunity/canvas')}>
          生成封面
        </Button>
        {draft.coverUrl ? (
          <Button type="button" basic onClick={() => update({ ...draft, coverUrl: '' })}>
            不用封面
          </Button>
        ) : null}
      </Form.Field>
      <div className="rc-wizard-actions">
        <Button type="button" onClick={() => toCover(stepPaths.describe)}>
          上一步
        </Button>
        <Button type="button" primary loading={busy} disabled={busy} className="rc-publish-button" onClick={() => void publish()}>
          发布到镜像社区
        </Button>
      </div>
    </Form>
  );
}
