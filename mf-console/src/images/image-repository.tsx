import { useEffect, useState } from 'react';
import { Button, Input, Progress, Segment } from 'semantic-ui-react';
import { formatSize, runAction } from '@rc/shared-utility';
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
      <div>
        私有镜像 {repository.imageCount} 个，已用 {formatSize(repository.usedBytes)} / {formatSize(repository.quotaBytes)}
        {repository.activated ? <span className="rc-muted">　仓库地址 {repository.registry}</span> : null}
      </div>
      <Progress percent={Math.min(100, Math.round((repository.usedBytes / repository.quotaBytes) * 100))} size="tiny" color="blue" />
      {repository.activated ? null : (
        <Input
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
