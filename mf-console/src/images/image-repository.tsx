import { useEffect, useState } from 'react';
import { Button, Input, Segment } from 'semantic-ui-react';
import { formatSize, QuotaUsage, runAction } from '@rc/shared-utility';
import { activateRepository, getRepository, type Repository } from './images-api';

/** The user's image repository: space used by private images against the quota, or its activation. */
export function ImageRepository({ version }: { version: number }) {
  const [repository, setRepository] = useState<Repository | null>(null);
  const [namespace, setNamespace] = useState('');
  useEffect(() => {
    void getRepository().then((result) => result.code === 200 && setRepository(result.data));
  }, [version]);
  if (!repository) return null;

  const activate = () => runAction(() => activateRepository(namespace.trim()), { then: setRepository });

  return (
    <Segment className="rc-image-repository">
      <QuotaUsage
        label="私有镜像"
        detail={`，共 ${repository.imageCount} 个`}
        used={repository.usedBytes}
        quota={repository.quotaBytes}
        format={formatSize}
        blocks="保存新镜像"
        remedy="删除不再使用的私有镜像"
      />
      {repository.activated ? <p className="rc-muted">仓库地址 {repository.registry}</p> : null}
      {repository.activated ? null : (
        <Input
          className="rc-repository-namespace"
          style={{ marginTop: 12 }}
          size="small"
          placeholder="命名空间：小写字母开头，4-30位"
          value={namespace}
          maxLength={30}
          onChange={(_, data) => setNamespace(data.value)}
          action={
            <Button size="small" onClick={() => void activate()}>
              开通镜像仓库
            </Button>
          }
        />
      )}
    </Segment>
  );
}
