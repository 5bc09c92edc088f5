import { useCallback, useState } from 'react';
import { Checkbox, Form } from 'semantic-ui-react';
import { FieldError, useLoaded, useSubmit, ModalDialog, DialogFormActions } from '@rc/shared-utility';
import { MarkdownField } from './markdown-field';
import { labImages, savePeriod, updatePeriod, type OutlinePeriod } from './teach-api';

type Kind = OutlinePeriod['kind'];
type Field = 'title' | 'documentMarkdown' | 'labImageId';

export const kindNames: Record<Kind, string> = { video: '视频', document: '图文', lab: '实验' };

interface PeriodDialogProps {
  /** The chapter a new period goes into; null when editing. */
  chapterId: number | null;
  period: OutlinePeriod | null;
  close: (changed: boolean) => void;
}

/** Adds a period to a chapter (video, document or lab) or edits one; a period keeps the kind it was created as. */
export function PeriodDialog({ chapterId, period, close }: PeriodDialogProps) {
  const [kind, setKind] = useState<Kind>(period?.kind ?? 'video');
  const [title, setTitle] = useState(period?.title ?? '');
  const [isPreview, setIsPreview] = useState(period?.isPreview ?? false);
  const [documentMarkdown, setDocumentMarkdown] = useState(period?.documentMarkdown ?? '');
  const [labImageId, setLabImageId] = useState<number | null>(period?.labImageId ?? null);
  const images = useLoaded(useCallback(labImages, []));
  const { busy, errors, submit } = useSubmit<Field>();

  const save = () =>
    submit({
      check: () => ({
        title: title.trim() ? undefined : '请填写课时名称',
        documentMarkdown: kind === 'document' && !documentMarkdown.trim() ? '请填写图文内容' : undefined,
        labImageId: kind === 'lab' && !labImageId ? '请选择实验镜像' : undefined,
      }),
      call: () => {
        const fields = { title: title.trim(), isPreview, documentMarkdown, labImageId };
        return period ? updatePeriod({ id: period.id, ...fields }) : savePeriod({ chapterId: chapterId!, kind, ...fields });
      },
      then: () => close(true),
    });

  return (
    <ModalDialog
      title={period ? '编辑课时' : '添加课时'}
      size={kind === 'document' ? 'large' : 'small'}
      close={() => close(false)}
      className="rc-period-dialog"
      actions={<DialogFormActions close={() => close(false)} submitText="保存" busy={busy} onSubmit={() => void save()} />}
    >
      <Form onSubmit={(event) => event.preventDefault()}>
        <Form.Group inline>
          <label>类型</label>
          {(Object.keys(kindNames) as Kind[]).map((value) => (
            <Form.Radio
              key={value}
              label={kindNames[value]}
              checked={kind === value}
              disabled={Boolean(period)}
              onChange={() => setKind(value)}
            />
          ))}
        </Form.Group>
        <Form.Field required>
          <label htmlFor="period-title">课时名称</label>
          <input id="period-title" maxLength={80} value={title} onChange={(event) => setTitle(event.target.value)} />
          <FieldError message={errors.title} />
        </Form.Field>
        {kind === 'video' ? <p className="rc-muted">保存后在课时上「上传视频」或「选择视频」。</p> : null}
        {kind === 'document' ? (
          <>
            <MarkdownField label="图文内容" value={documentMarkdown} maxLength={100_000} onChange={setDocumentMarkdown} />
            <FieldError message={errors.documentMarkdown} />
          </>
        ) : null}
        {kind === 'lab' ? (
          <Form.Field required>
            <label>实验镜像（学员从该镜像创建实例做实验）</label>
            <Form.Dropdown
              selection
              search
              placeholder={images.error ? '镜像加载失败' : '选择系统镜像或我的镜像'}
              options={(images.data ?? []).map((image) => ({
                key: image.id,
                value: image.id,
                text: image.mine ? `${image.name}（我的镜像）` : image.name,
              }))}
              value={labImageId ?? undefined}
              onChange={(_, data) => setLabImageId(Number(data.value))}
            />
            <FieldError message={errors.labImageId} />
          </Form.Field>
        ) : null}
        <Form.Field>
          <Checkbox
            label="允许试看（未购买的用户也可学习该课时）"
            checked={isPreview}
            onChange={(_, data) => setIsPreview(Boolean(data.checked))}
          />
        </Form.Field>
      </Form>
    </ModalDialog>
  );
}
