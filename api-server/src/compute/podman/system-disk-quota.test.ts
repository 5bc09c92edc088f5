import { describe, expect, it } from 'vitest';
import { systemDiskCapOf } from './system-disk-quota.js';

const podman = { Driver: 'overlay', DockerRootDir: '/var/lib/containers/storage' };
const mounts = (rootLine: string, varLine: string) => `${rootLine}\nproc /proc proc rw,nosuid 0 0\n${varLine}\n`;

const quotaCapable = (info: typeof podman, text: string) => systemDiskCapOf(info, text, 'quota') === 'quota';

describe('whether the system disk can be capped here', () => {
  it('needs the mount holding Podman storage to be XFS with project quotas', () => {
    expect(quotaCapable(podman, mounts('/dev/vda / ext4 rw,relatime 0 0', '/dev/vdb /var/lib xfs rw,prjquota 0 0'))).toBe(true);
    expect(quotaCapable(podman, mounts('/dev/vda / xfs rw,relatime,prjquota 0 0', '/dev/vdb /var/lib ext4 rw 0 0'))).toBe(false);
    expect(quotaCapable(podman, mounts('/dev/vda / xfs rw,relatime,noquota 0 0', '/dev/vdb /var/libx xfs rw,pquota 0 0'))).toBe(false);
    expect(quotaCapable(podman, mounts('/dev/vda / ext4 rw,relatime 0 0', ''))).toBe(false);
  });

  it('needs overlay storage', () => {
    expect(quotaCapable({ ...podman, Driver: 'vfs' }, mounts('/dev/vda / xfs rw,prjquota 0 0', ''))).toBe(false);
  });

  it('takes an image under the layer where Podman cannot and SYSTEM_DISK_LIMIT=loop, on overlay storage only', () => {
    const ext4 = mounts('/dev/vda / ext4 rw,relatime 0 0', '');
    expect(systemDiskCapOf(podman, ext4, 'loop')).toBe('loop');
    expect(systemDiskCapOf(podman, ext4, 'quota')).toBe('none');
    expect(systemDiskCapOf({ ...podman, Driver: 'vfs' }, ext4, 'loop')).toBe('none');
    // Podman's own quota goes first where the storage has one, whatever the setting.
    expect(systemDiskCapOf(podman, mounts('/dev/vda / xfs rw,prjquota 0 0', ''), 'loop')).toBe('quota');
  });
});
