import { Button, Card, Label, Progress } from 'semantic-ui-react';
import { formatSize, ListState, PageHeader, PageSection, runAction, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { listClusters, setDefaultCluster, type ClusterItem } from './file-manage-api';
import './file-manage.css';

const share = (used: number, quota: number) => (quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 0);
const colorOf = (percent: number) => (percent >= 90 ? 'red' : percent >= 80 ? 'orange' : 'blue');

/** A usage bar with its figures: `used / quota` in the unit given. */
export function UsageBar({ label, used, quota, format }: { label: string; used: number; quota: number; format: (n: number) => string }) {
  const percent = share(used, quota);
  return (
    <div className="rc-usage-bar">
      <div className="rc-usage-figures">
        <span>{label}</span>
        <span>
          {format(used)} / {format(quota)}（{percent}%）
        </span>
      </div>
      <Progress percent={percent} size="tiny" color={colorOf(percent)} />
    </div>
  );
}

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
            <UsageBar label="空间" used={cluster.usedBytes} quota={cluster.quotaBytes} format={formatSize} />
            <UsageBar label="文件数" used={cluster.usedFiles} quota={cluster.quotaFiles} format={files} />
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
