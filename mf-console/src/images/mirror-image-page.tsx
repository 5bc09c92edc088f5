import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Label, Menu, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  formatSize,
  DialogFormActions,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  useSubmit,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { ImageRepository } from './image-repository';
import type { ImageView } from '../instances/instance-types';
import { deleteImage, listImages, renameImage, type ImageTab } from './images-api';

function RenameImage({ image, close, onDone }: { image: ImageView; close: () => void; onDone: () => void }) {
  const [name, setName] = useState(image.name);
  const { busy, submit } = useSubmit();
  return (
    <Form
      onSubmit={() =>
        void submit({
          call: () => renameImage(image.id, name.trim()),
          then: () => {
            close();
            onDone();
          },
        })
      }
    >
      <Form.Field>
        <label>镜像名称</label>
        <Input value={name} maxLength={60} onChange={(_, data) => setName(data.value)} />
      </Form.Field>
      <DialogFormActions close={close} busy={busy} submitText="保存" />
    </Form>
  );
}

/** `/account/mirrorImage`: my private images (rename, delete) and the system images. */
export function MirrorImagePage({ navigate }: ScreenProps) {
  const [tab, setTab] = useState<ImageTab>('private');
  const fetchPage = useCallback((paging: Paging) => listImages(tab, paging), [tab]);
  const paged = usePagedList(fetchPage);
  const { page, setPageNum, reload } = paged;

  const saving = page.list.some((image) => image.status !== 1);
  useEffect(() => {
    if (!saving) return;
    const timer = setInterval(() => void reload(), 3000);
    return () => clearInterval(timer);
  }, [saving, reload]);

  const remove = async (image: ImageView) => {
    if (
      !(await dialogs.confirm({
        title: '删除镜像',
        content: `确定删除镜像「${image.name}」？删除后不可恢复。`,
        danger: true,
        confirmText: '删除',
      }))
    )
      return;
    await runAction(() => deleteImage(image.id), { then: reload });
  };

  const row = (image: ImageView) => (
    <Table.Row key={image.id} data-image-id={image.id}>
      <Table.Cell>
        {image.name}{' '}
        {image.status !== 1 ? (
          <Label size="mini" color="blue">
            保存中
          </Label>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        {image.framework} {image.frameworkVersion}
      </Table.Cell>
      <Table.Cell>
        {image.python} / {image.cuda} / {image.os}
      </Table.Cell>
      <Table.Cell>{formatSize(image.sizeBytes)}</Table.Cell>
      <Table.Cell>
        {tab === 'private' && image.sourceInstanceId ? <div className="rc-muted">实例 #{image.sourceInstanceId}</div> : null}
        {formatDateTime(image.gmtCreate)}
      </Table.Cell>
      <Table.Cell collapsing>
        {tab === 'private' ? (
          <>
            <Button
              size="mini"
              basic
              disabled={image.status !== 1}
              onClick={() =>
                dialogs.open({
                  title: '镜像改名',
                  width: 420,
                  content: (close) => <RenameImage image={image} close={close} onDone={() => void reload()} />,
                })
              }
            >
              改名
            </Button>
            <Button size="mini" basic negative disabled={image.status !== 1} onClick={() => void remove(image)}>
              删除
            </Button>
          </>
        ) : (
          <Button size="mini" basic onClick={() => navigate(`/account/suanli/create?imageId=${image.id}`)}>
            用此镜像租用
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );

  return (
    <PageSection className="rc-mirror-image">
      <PageHeader />
      <ImageRepository version={page.total} />
      <Menu secondary pointing>
        {(['private', 'system'] as const).map((key) => (
          <Menu.Item
            key={key}
            active={tab === key}
            onClick={() => {
              setTab(key);
              setPageNum(1);
            }}
          >
            {key === 'private' ? '我的镜像' : '系统镜像'}
          </Menu.Item>
        ))}
      </Menu>
      <PagedTable
        list={paged}
        columns={['名称', '框架', 'Python / CUDA / 系统', '大小', tab === 'private' ? '来源 / 创建时间' : '创建时间', '操作']}
        empty={tab === 'private' ? '还没有私有镜像：关机的实例可在「更多 → 保存镜像」生成。' : '暂无系统镜像'}
        row={row}
      />
    </PageSection>
  );
}
