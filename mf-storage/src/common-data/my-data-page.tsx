import { useEffect } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  formatSize,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  type ScreenProps,
} from '@rc/shared-utility';
import { deleteMyDataset, listMyDatasets, type DatasetView } from './common-data-api';
import { mountIntoInstance, shareDataset, showDataset } from './dataset-actions';
import { CreateDatasetForm, EditDatasetForm } from './my-data-forms';
import './common-data.css';

const statusColors: Record<string, 'blue' | 'green' | 'red'> = { building: 'blue', ready: 'green', failed: 'red' };

/** `/account/dataManage/myData` (我的数据): my datasets made from network disk folders; edit, delete, mount into my instances. */
export function MyDataPage({ navigate }: ScreenProps) {
  const paged = usePagedList(listMyDatasets);
  const { page, reload } = paged;

  const building = page.list.some((dataset) => dataset.status === 'building');
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => void reload(), 2000);
    return () => clearInterval(timer);
  }, [building, reload]);

  const create = () =>
    dialogs.open({ title: '创建数据集', width: 560, content: (close) => <CreateDatasetForm close={close} onDone={() => void reload()} /> });
  const edit = (dataset: DatasetView) =>
    dialogs.open({
      title: `编辑数据集：${dataset.title}`,
      width: 560,
      content: (close) => <EditDatasetForm dataset={dataset} close={close} onDone={() => void reload()} />,
    });
  const remove = async (dataset: DatasetView) => {
    const confirmed = await dialogs.confirm({
      title: '删除数据集',
      content: `确定删除数据集「${dataset.title}」？其中的文件将被删除，网盘中的原文件夹不受影响。`,
      danger: true,
      confirmText: '删除',
    });
    if (confirmed) await runAction(() => deleteMyDataset(dataset.id), { then: reload });
  };

  const row = (dataset: DatasetView) => (
    <Table.Row key={dataset.id} data-dataset={dataset.name}>
      <Table.Cell>
        <a href="#" onClick={(event) => (event.preventDefault(), showDataset(dataset))}>
          {dataset.title}
        </a>{' '}
        <Label size="mini" color={statusColors[dataset.status]} className="rc-dataset-status">
          {dataset.statusName}
        </Label>
        <div className="rc-muted">{dataset.name}</div>
      </Table.Cell>
      <Table.Cell>
        {dataset.status === 'ready' ? formatSize(dataset.sizeBytes) : '—'}
        {dataset.status === 'ready' ? <div className="rc-muted">{dataset.fileCount} 个文件</div> : null}
      </Table.Cell>
      <Table.Cell>
        {dataset.licence} · {dataset.version}
      </Table.Cell>
      <Table.Cell>{formatDateTime(dataset.gmtCreate)}</Table.Cell>
      <Table.Cell collapsing>
        <Button size="mini" basic disabled={dataset.status !== 'ready'} onClick={() => mountIntoInstance(dataset)}>
          挂载到实例
        </Button>
        <Button size="mini" basic className="rc-share" disabled={dataset.status !== 'ready'} onClick={() => shareDataset(dataset)}>
          分享
        </Button>
        <Button size="mini" basic onClick={() => edit(dataset)}>
          编辑
        </Button>
        <Button size="mini" basic negative disabled={dataset.status === 'building'} onClick={() => void remove(dataset)}>
          删除
        </Button>
      </Table.Cell>
    </Table.Row>
  );

  return (
    <PageSection className="rc-my-data">
      <PageHeader>
        <div>
          <Button basic onClick={() => navigate('/account/download')}>
            查看任务
          </Button>
          <Button primary className="rc-create-dataset" onClick={create}>
            创建数据集
          </Button>
        </div>
      </PageHeader>
      <PagedTable
        list={paged}
        columns={['数据集', '大小', '许可证 · 版本', '创建时间', '操作']}
        empty="还没有数据集：把网盘中的一个文件夹生成数据集，即可挂载到实例中只读使用。"
        row={row}
      />
    </PageSection>
  );
}
