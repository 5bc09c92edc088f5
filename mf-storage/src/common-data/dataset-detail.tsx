import { useCallback, useState } from 'react';
import { Icon, Table } from 'semantic-ui-react';
import { formatSize, ListState, useLoaded } from '@rc/shared-utility';
import { listDatasetFiles, type DatasetView } from './common-data-api';
import { FolderBreadcrumb } from '../folder-breadcrumb';

/** A dataset's facts and its files, folder by folder. */
export function DatasetDetail({ dataset }: { dataset: DatasetView }) {
  const [folder, setFolder] = useState('');
  const fetch = useCallback(() => listDatasetFiles(dataset, folder), [dataset, folder]);
  const files = useLoaded(fetch);
  return (
    <div className="rc-dataset-detail">
      <p>{dataset.description || '暂无描述'}</p>
      <dl className="rc-dataset-facts">
        <dt>名称</dt>
        <dd>{dataset.name}</dd>
        <dt>大小</dt>
        <dd>
          {formatSize(dataset.sizeBytes)}（{dataset.fileCount} 个文件）
        </dd>
        <dt>许可证</dt>
        <dd>{dataset.licence}</dd>
        <dt>版本</dt>
        <dd>{dataset.version}</dd>
        <dt>校验和</dt>
        <dd className="rc-checksum" title="清单（路径、大小、SHA-256）的 SHA-256">
          {dataset.checksum || '生成后可见'}
        </dd>
      </dl>
      <FolderBreadcrumb path={folder} onOpen={setFolder} rootLabel={dataset.name} size="small" />
      <ListState source={files} isEmpty={(list) => list.length === 0} empty="此文件夹为空">
        {(list) => (
          <Table compact className="rc-dataset-files">
            <Table.Body>
              {list.map((entry) => (
                <Table.Row key={entry.path}>
                  <Table.Cell>
                    {entry.isDir ? (
                      <a href="#" onClick={(event) => (event.preventDefault(), setFolder(entry.path))}>
                        <Icon name="folder" color="yellow" />
                        {entry.name}
                      </a>
                    ) : (
                      <>
                        <Icon name="file outline" />
                        {entry.name}
                      </>
                    )}
                  </Table.Cell>
                  <Table.Cell collapsing>{entry.isDir ? '—' : formatSize(entry.size)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </div>
  );
}
