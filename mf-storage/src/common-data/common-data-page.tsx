import { useCallback, useMemo, useState } from 'react';
import { Button, Form, Input, Table } from 'semantic-ui-react';
import { debounce, formatSize, PageHeader, PageSection, PagedTable, usePagedList, type Paging, type ScreenProps } from '@rc/shared-utility';
import { listPublicDatasets, type DatasetView } from './common-data-api';
import { copyDataset, mountIntoInstance, shareDataset, showDataset } from './dataset-actions';
import './common-data.css';

/** `/account/commonData` (公开数据): the public catalogue; copy a dataset to my network disk or mount it into an instance. */
export function CommonDataPage({ navigate }: ScreenProps) {
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const fetchPage = useCallback((paging: Paging) => listPublicDatasets(paging, keyword), [keyword]);
  const paged = usePagedList(fetchPage);
  const { setPageNum } = paged;
  const search = useCallback(
    (text: string) => {
      setKeyword(text.trim());
      setPageNum(1);
    },
    [setPageNum],
  );
  const searchSoon = useMemo(() => debounce(search, 300), [search]);

  const row = (dataset: DatasetView) => (
    <Table.Row key={dataset.id} data-dataset={dataset.name}>
      <Table.Cell>
        <a href="#" className="rc-dataset-title" onClick={(event) => (event.preventDefault(), showDataset(dataset))}>
          {dataset.title}
        </a>
        <div className="rc-muted">{dataset.name}</div>
        <div className="rc-dataset-description">{dataset.description}</div>
      </Table.Cell>
      <Table.Cell>
        {formatSize(dataset.sizeBytes)}
        <div className="rc-muted">{dataset.fileCount} 个文件</div>
      </Table.Cell>
      <Table.Cell>{dataset.licence}</Table.Cell>
      <Table.Cell>{dataset.version}</Table.Cell>
      <Table.Cell>
        <code className="rc-checksum" title={dataset.checksum}>
          {dataset.checksum.slice(0, 12)}…
        </code>
      </Table.Cell>
      <Table.Cell collapsing>
        <Button size="mini" basic onClick={() => showDataset(dataset)}>
          详情
        </Button>
        <Button size="mini" basic primary className="rc-copy-dataset" onClick={() => copyDataset(dataset, navigate)}>
          复制到网盘
        </Button>
        <Button size="mini" basic className="rc-mount-dataset" onClick={() => mountIntoInstance(dataset)}>
          挂载到实例
        </Button>
        <Button size="mini" basic className="rc-share" onClick={() => shareDataset(dataset)}>
          分享
        </Button>
      </Table.Cell>
    </Table.Row>
  );

  return (
    <PageSection className="rc-common-data">
      <PageHeader>
        <Form onSubmit={() => search(typed)}>
          <Input
            icon="search"
            placeholder="搜索数据集名称或描述"
            value={typed}
            maxLength={60}
            onChange={(_, data) => {
              setTyped(data.value);
              searchSoon(data.value);
            }}
          />
        </Form>
      </PageHeader>
      <PagedTable
        list={paged}
        columns={['数据集', '大小', '许可证', '版本', '校验和（SHA-256）', '操作']}
        empty={keyword ? `没有找到与「${keyword}」相关的数据集` : '暂无公开数据集'}
        row={row}
      />
    </PageSection>
  );
}
