import { useCallback, useRef, useState } from 'react';
import { Button, Table } from 'semantic-ui-react';
import { bus, dialogs, formatDateTime, formatSize, ListState, PageSection, runAction, useLoaded } from '@rc/shared-utility';
import { courseAccessories, deleteAccessory, downloadAccessory, uploadAccessory, type AccessoryItem } from './teach-api';

const maxAccessoryBytes = 100 * 1024 * 1024;

/** A course's downloadable files: the teacher uploads (≤ 100 MB each), downloads and deletes them. */
export function AccessoriesPanel({ courseId }: { courseId: number }) {
  const accessories = useLoaded(useCallback(() => courseAccessories(courseId), [courseId]));
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxAccessoryBytes) return bus.emit('toast', { type: 'warning', message: '附件不能超过100MB' });
    setUploading(true);
    await runAction(() => uploadAccessory(courseId, file), { then: () => accessories.reload() });
    setUploading(false);
    if (picker.current) picker.current.value = '';
  };

  const remove = async (accessory: AccessoryItem) => {
    const confirmed = await dialogs.confirm({
      title: '删除附件',
      content: `确定删除附件「${accessory.fileName}」？`,
      confirmText: '删除',
      danger: true,
    });
    if (confirmed) await runAction(() => deleteAccessory(accessory.id), { then: () => accessories.reload() });
  };

  return (
    <PageSection
      title="课程附件"
      actions={
        <>
          <input ref={picker} type="file" hidden data-testid="accessory-input" onChange={(event) => void upload(event.target.files?.[0])} />
          <Button
            size="small"
            basic
            icon="upload"
            loading={uploading}
            disabled={uploading}
            content="上传附件"
            onClick={() => picker.current?.click()}
          />
        </>
      }
    >
      <ListState
        source={accessories}
        isEmpty={(list) => list.length === 0}
        empty="还没有附件。讲义、代码、数据等可作为附件供已报名的学员下载（单个不超过100MB）。"
      >
        {(list) => (
          <Table compact>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>文件</Table.HeaderCell>
                <Table.HeaderCell>大小</Table.HeaderCell>
                <Table.HeaderCell>下载次数</Table.HeaderCell>
                <Table.HeaderCell>上传时间</Table.HeaderCell>
                <Table.HeaderCell>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((accessory) => (
                <Table.Row key={accessory.id}>
                  <Table.Cell>{accessory.fileName}</Table.Cell>
                  <Table.Cell collapsing>{formatSize(accessory.size)}</Table.Cell>
                  <Table.Cell collapsing>{accessory.downloadCount}</Table.Cell>
                  <Table.Cell collapsing>{formatDateTime(accessory.createdAt)}</Table.Cell>
                  <Table.Cell collapsing>
                    <Button size="mini" basic content="下载" onClick={() => downloadAccessory(accessory.id)} />
                    <Button size="mini" basic negative content="删除" onClick={() => void remove(accessory)} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </PageSection>
  );
}
