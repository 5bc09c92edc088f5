import { useCallback } from 'react';
import { Icon, Popup } from 'semantic-ui-react';
import { useLoaded } from '@rc/shared-utility';
import { listMounts } from './instance-api';

/** What the instance mounts (网盘 at /root/netdisk, datasets read-only under /root/public-data/), one line each. */
export function InstanceMounts({ instanceId }: { instanceId: number }) {
  const fetch = useCallback(() => listMounts(instanceId), [instanceId]);
  const mounts = useLoaded(fetch);
  if (!mounts.data || mounts.data.length === 0) return null;
  return (
    <div className="rc-instance-mounts">
      {mounts.data.map((mount) => (
        <Popup
          key={mount.path}
          size="mini"
          content={`${mount.name}${mount.readOnly ? '（只读）' : ''}`}
          trigger={
            <small className="rc-muted rc-instance-mount" data-mount-path={mount.path}>
              <Icon name={mount.kind === 'netdisk' ? 'hdd outline' : 'database'} />
              {mount.path}
              {mount.readOnly ? ' 只读' : ''}
            </small>
          }
        />
      ))}
    </div>
  );
}
