import { Button, Card, Label } from 'semantic-ui-react';
import { formatSize, ListState, PageHeader, PageSection, runAction, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { UsageBar } from '../usage-bar';
import { listClusters, setDefaultCluster, type ClusterItem } from './file-manage-api';
import './file-manage.css';

const files = (n: number) => `${n.toLocaleString('zh-CN')} 个`;

function ClusterCard({ cluster, navigate, reload }: { cluster: ClusterItem; navigate: (url: string) => void; reload: () => void }) {
  return (
    <Card fluid className="rc-cluster-card">
      <Card.Content>
        <Card.Header>
          {cluster.name} {cluster.isDefault ? <Label size="mini" color="blue" content="默认" /> : null}
          <Label size="mini" basic content={cluster.kind === 'sftp' ? 'SFTP' : '本地'} />
        </Card.Header>
        {cluster.reachable ? (
          <>
            <UsageBar storage="fileStorage" label="空间" used={cluster.usedBytes} quota={cluster.quotaBytes} format={formatSize} />
            <UsageBar storage="fileStorage" label="文件数" used={cluster.usedFiles} quota={cluster.quotaFiles} format={files} />
          </>
        ) : (
          <p className="rc-upload-failed">集群暂时无法连接，用量未知。</p>
        )}
      </Card.Content>
      <Card.Content extra>
        <Button primary size="small" content="打开" onClick={() => navigate(`/account/fileManage/fileList?clusterId=${cluster.id}`)} />
        {cluster.isDefault ? null : (
          <Button
            basic
            size="small"
            content="设为默认"
            onClick={() => void runAction(() => setDefaultCluster(cluster.id), { then: reload })}
          />
        )}
      </Card.Content>
    </Card>
  );
}

/** `/account/fileStorage`: the clusters holding my files, the default first to open, with usage in bytes and in files. */
export function FileStoragePage({ navigate }: ScreenProps) {
  const clusters = useLoaded(listClusters);
  return (
    <PageSection className="rc-file-storage-page">
      <PageHeader>
        <Button basic size="small" icon="folder open" content="文件管理" onClick={() => navigate('/account/fileManage')} />
      </PageHeader>
      <ListState source={clusters} isEmpty={(list) => list.length === 0} empty="暂无可用的集群，请联系管理员。">
        {(list) => (
          <Card.Group itemsPerRow={2} stackable>
            {list.map((cluster) => (
              <ClusterCard key={cluster.id} cluster={cluster} navigate={navigate} reload={() => void clusters.reload()} />
            ))}
          </Card.Group>
        )}
      </ListState>
    </PageSection>
  );
}
