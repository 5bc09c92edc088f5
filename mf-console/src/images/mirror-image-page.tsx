import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Label, Menu, Table } from 'semantic-ui-react';
import { api, bus, dialogs, formatSize, formatDateTime, type ScreenProps, DialogFormActions } from '@rc/shared-utility';
import { ImageRepository } from './image-repository';
import { type ImageView } from '../instances/instance-types';
import { PageSwitcher, usePagedList, type Page } from '../paging/use-paged-list';

type Tab = 'private' | 'system';

function RenameImage({ image, close, onDone }: { image: ImageView; close: () => void; onDone: () => void }) {
  const [name, setName] = useState(image.name);
  return (
    <Form
      onSubmit={async () => {
        const result = await api.put('/image/auth/private/change-name', { id: image.id, name: name.trim() });
        if (result.code !== 200) return;
        bus.emit('toast', { type: 'success', message: result.msg });
        close();
        onDone();
      }}
    >
      <Form.Field>
        <label>镜像名称</label>
        <Input value={name} maxLength={60} onChange={(_, data) => setName(data.value)} />
      </Form.Field>
      <DialogFormActions close={close} submitText="保存" />
    </Form>
  );
}

/** `/account/mirrorImage`: my private images (rename, delete) and the system images. */
export function MirrorImagePage({ navigate }: ScreenProps) {
  const [tab, setTab] = useState<Tab>('private');
  const fetchPage = useCallback((paging: { pageNum: number; pageSize: number }) => api.post<Page<ImageView>>(`/image/auth/${tab}/page`, paging), [tab]);
  const paged = usePagedList(fetchPage);
  const { page, setPageNum, load } = paged;

  const saving = page.list.some((image) => image.status !== 1);
  useEffect(() => {
    if (!saving) return;
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [saving, load]);

  const remove = async (image: ImageView) => {
    if (!(await dialogs.confirm({ title: '删除镜像', content: `确定删除镜像「${image.name}」？删除后不可恢复。`, danger: true, confirmText: '删除' }))) return;
    const result = await api.del(`/image/auth/private/delete/${image.id}`);
    if (result.code !== 200) return;
    bus.emit('toast', { type: 'success', message: result.msg });
    void load();
  };

  return (
    <section className="rc-page rc-mirror-image">
      <div className="rc-page-header">
        <div>
          <h1 className="rc-page-title">镜像</h1>
          <p className="rc-page-purpose">在实例「更多 → 保存镜像」生成私有镜像（需关机），租用或更换镜像时可选用。</p>
        </div>
      </div>
      <ImageRepository version={page.total} />
      <Menu secondary pointing>
        {(['private', 'system'] as const).map((key) => (
          <Menu.Item key={key} active={tab === key} onClick={() => { setTab(key); setPageNum(1); }}>
            {key === 'private' ? '我的镜像' : '系统镜像'}
          </Menu.Item>
        ))}
      </Menu>
      <Table compact>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>名称</Table.HeaderCell>
            <Table.HeaderCell>框架</Table.HeaderCell>
            <Table.HeaderCell>Python / CUDA / 系统</Table.HeaderCell>
            <Table.HeaderCell>大小</Table.HeaderCell>
            <Table.HeaderCell>{tab === 'private' ? '来源 / 创建时间' : '创建时间'}</Table.HeaderCell>
            <Table.HeaderCell>操作</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {page.list.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={6} className="rc-muted">
                {tab === 'private' ? '还没有私有镜像：关机的实例可在「更多 → 保存镜像」生成。' : '暂无系统镜像'}
              </Table.Cell>
            </Table.Row>
          ) : null}
          {page.list.map((image) => (
            <Table.Row key={image.id} data-image-id={image.id}>
              <Table.Cell>
                {image.name} {image.status !== 1 ? <Label size="mini" color="blue">保存中</Label> : null}
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
              <Table.Cell>
                {tab === 'private' ? (
                  <>
                    <Button size="mini" basic disabled={image.status !== 1} onClick={() => dialogs.open({ title: '镜像改名', width: 420, content: (close) => <RenameImage image={image} close={close} onDone={() => void load()} /> })}>
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
          ))}
        </Table.Body>
      </Table>
      <PageSwitcher {...paged} />
    </section>
  );
}
