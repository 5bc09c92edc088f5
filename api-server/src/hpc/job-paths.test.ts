import { describe, expect, it } from 'vitest';
import { clusterPathOf, schedulerAccountOf } from './job-paths.js';

const local = { kind: 'local' };
const sftp = { kind: 'sftp' };

describe('a page path on a cluster', () => {
  it('is a tree path for the local (simulated) cluster and the absolute path on an SFTP cluster', () => {
    expect(clusterPathOf(local, '/', '/runs/a/')).toEqual({ page: '/runs/a', tree: 'runs/a', scheduler: 'runs/a' });
    expect(clusterPathOf(local, '/', '/')).toEqual({ page: '/', tree: '', scheduler: '' });
    expect(clusterPathOf(sftp, '/home/u7', '/home/u7/runs')).toEqual({ page: '/home/u7/runs', tree: 'runs', scheduler: '/home/u7/runs' });
    expect(clusterPathOf(sftp, '/home/u7', '/home/u7')).toEqual({ page: '/home/u7', tree: '', scheduler: '/home/u7' });
  });

  it('refuses a path outside the home or one that climbs out of it', () => {
    expect(() => clusterPathOf(sftp, '/home/u7', '/home/u70/runs')).toThrow('须位于你在该集群的存储空间（/home/u7）之内');
    expect(() => clusterPathOf(sftp, '/home/u7', '/etc')).toThrow('须位于');
    expect(() => clusterPathOf(sftp, '/home/u7', '/home/u7/../u8')).toThrow('不能为“.”或“..”');
    expect(() => clusterPathOf(local, '/', '/a/%2e%2e/b')).toThrow('不能为“.”或“..”');
    expect(() => clusterPathOf(local, '/', 'relative')).toThrow('须位于');
  });

  it('names the account’s folders for the scheduler the same way', () => {
    const account = { userId: 7, unixName: 'hpc7', home: '/', scratch: '/scratch' };
    expect(schedulerAccountOf(local, account)).toEqual({ userId: 7, unixName: 'hpc7', home: '', scratch: 'scratch' });
    expect(schedulerAccountOf(sftp, { ...account, home: '/home/hpc7', scratch: '/scratch/hpc7' })).toMatchObject({ home: '/home/hpc7' });
  });
});
