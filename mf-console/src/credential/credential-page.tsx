import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Icon, Message, Progress } from 'semantic-ui-react';
import {
  bus,
  dialogs,
  formatDateTime,
  formatSize,
  ListState,
  PageHeader,
  PageSection,
  runAction,
  statusLabel,
  uploads,
  useLoaded,
  useUploadsUnderWay,
  type ScreenProps,
} from '@rc/shared-utility';
import {
  deleteIdCardImage,
  idCardSides,
  imageProblem,
  listIdCardImages,
  readIdCardImage,
  uploadIdCardImage,
  type IdCardImage,
  type IdCardSide,
} from './credential-api';
import './credential.css';

/** The stored image, fetched with the session (an `<img src>` could not send it) and shown from memory. */
function ImagePreview({ image }: { image: IdCardImage }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let current = true;
    void readIdCardImage(image.id).then((result) => {
      if (!current || !result.data) return;
      objectUrl = URL.createObjectURL(result.data);
      setUrl(objectUrl);
    });
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [image.id, image.gmtModified]);
  return url ? (
    <img className="rc-id-card-image" src={url} alt={`身份证${image.sideName}`} />
  ) : (
    <div className="rc-id-card-image is-loading" />
  );
}

function SideCard({
  side,
  name,
  hint,
  image,
  onChanged,
}: {
  side: IdCardSide;
  name: string;
  hint: string;
  image: IdCardImage | undefined;
  onChanged: () => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const sending = useUploadsUnderWay('credential', { side });

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) bus.emit('toast', { type: 'warning', message: problem });
    else uploadIdCardImage(file, side);
  };

  const remove = async (stored: IdCardImage) => {
    if (
      !(await dialogs.confirm({
        title: '删除证件图片',
        content: `确定删除身份证${name}图片？删除后需重新上传。`,
        confirmText: '删除',
        danger: true,
      }))
    )
      return;
    await runAction(() => deleteIdCardImage(stored.id), { then: onChanged });
  };

  return (
    <div className="rc-id-card" data-side={side}>
      <div className="rc-id-card-title">
        <strong>身份证{name}</strong>
        <span className="rc-muted">{hint}</span>
      </div>
      {image ? (
        <ImagePreview image={image} />
      ) : (
        <button type="button" className="rc-id-card-image is-empty" onClick={() => picker.current?.click()}>
          <Icon name="id card outline" size="huge" />
          <span>点击上传{name}</span>
        </button>
      )}
      {sending.map((item) => (
        <div key={item.id} className="rc-id-card-upload">
          <span className={item.status === 'error' ? 'rc-upload-failed' : 'rc-muted'}>
            {item.fileName}：{item.error || statusLabel(item)}
          </span>
          {item.status === 'error' ? (
            <Button basic size="mini" content="移除" onClick={() => uploads.cancel(item.id)} />
          ) : (
            <Progress percent={item.status === 'preparing' ? item.hashProgress : item.progress} size="tiny" color="blue" />
          )}
        </div>
      ))}
      {image ? (
        <div className="rc-id-card-meta rc-muted">
          {image.fileName} · {formatSize(image.size)} · 上传于 {formatDateTime(image.gmtModified)}
        </div>
      ) : null}
      <div className="rc-id-card-actions">
        <Button
          primary={!image}
          basic={Boolean(image)}
          size="small"
          icon="upload"
          content={image ? '重新上传' : `上传${name}`}
          onClick={() => picker.current?.click()}
        />
        {image ? <Button basic size="small" icon="trash alternate outline" content="删除" onClick={() => void remove(image)} /> : null}
      </div>
      <input
        ref={picker}
        type="file"
        name={`id-card-${side}`}
        accept="image/jpeg,image/png"
        hidden
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

/** `/account/realAuth/credential`: the ID card images (人像面, 国徽面) kept for real-name review. */
export function CredentialPage({ navigate }: ScreenProps) {
  const images = useLoaded(useCallback(() => listIdCardImages(), []));
  const { reload } = images;
  useEffect(
    () =>
      bus.on('upload:done', ({ id }) => {
        if (uploads.$items.get().find((item) => item.id === id)?.uploadType === 'credential') void reload();
      }),
    [reload],
  );

  return (
    <PageSection className="rc-credential">
      <PageHeader>
        <Button basic size="small" icon="arrow left" content="返回实名认证" onClick={() => navigate('/account/realAuth')} />
      </PageHeader>
      <Message info size="small">
        请上传本人二代居民身份证的人像面与国徽面照片：四角完整、文字清晰、无反光遮挡；支持 JPG、PNG 格式，单张不超过
        5MB。证件图片单独保存，仅你本人可以查看，用于实名审核。
      </Message>
      <ListState source={images} isEmpty={() => false} empty={null}>
        {(data) => (
          <div className="rc-id-cards">
            {idCardSides.map(({ side, name, hint }) => (
              <SideCard
                key={side}
                side={side}
                name={name}
                hint={hint}
                image={data.list.find((image) => image.side === side)}
                onChanged={() => void reload()}
              />
            ))}
          </div>
        )}
      </ListState>
    </PageSection>
  );
}
