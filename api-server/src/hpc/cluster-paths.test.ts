import { describe, expect, it } from 'vitest';
import { clusterAccountOf, clusterPathOf } from './cluster-paths.js';

const local = { kind: 'local' };
const sftp = { kind: 'sftp' };
const localAccount = { home: '/', scratch: '/scratch' };
const sftpAccount = { home: '/home/u7', scratch: '/scratch/hpc7' };
const schedulerPathOf = (cluster: { kind: string }, account: { home: string }, pagePath: string) =>
  clusterPathOf(cluster, account.home, pagePath).scheduler;

describe('page paths as the scheduler names them', () => {
  it('are paths inside the user’s tree on the local cluster', () => {
    expect(schedulerPathOf(local, localAccount, '/')).toBe('');
    expect(schedulerPathOf(local, localAccount, '/scratch/')).toBe('scratch');
    expect(schedulerPathOf(local, localAccount, '/项目/run 1/out.txt')).toBe('项目/run 1/out.txt');
  });

  it('are absolute paths inside the home on an SFTP cluster', () => {
    expect(schedulerPathOf(sftp, sftpAccount, '/home/u7')).toBe('/home/u7');
    expect(schedulerPathOf(sftp, sftpAccount, '/home/u7/jobs/a.out')).toBe('/home/u7/jobs/a.out');
  });

  it('name the same place for the storage calls and the pages', () => {
    expect(clusterPathOf(sftp, sftpAccount.home, '/home/u7/jobs/')).toEqual({
      page: '/home/u7/jobs',
      tree: 'jobs',
      scheduler: '/home/u7/jobs',
    });
    expect(clusterPathOf(local, '/', '/jobs')).toEqual({ page: '/jobs', tree: 'jobs', scheduler: 'jobs' });
  });

  it('refuse paths that leave the user’s folders', () => {
    for (const [cluster, account, pagePath] of [
      [local, localAccount, 'relative/path'],
      [local, localAccount, '/a/../../etc'],
      [local, localAccount, '//etc/passwd'],
      [local, localAccount, '/%2e%2e/x'],
      [sftp, sftpAccount, '/home/u70/x'],
      [sftp, sftpAccount, '/home/u7/../u8'],
      [sftp, sftpAccount, '/scratch/hpc7'],
      [sftp, sftpAccount, '/etc/passwd'],
      [sftp, sftpAccount, ''],
    ] as const)
      expect(() => schedulerPathOf(cluster, account, pagePath), pagePath).toThrow(/路径/);
  });

  it('tell the scheduler an account’s folders', () => {
    expect(clusterAccountOf(local, { userId: 7, unixName: 'hpc7', ...localAccount })).toEqual({
      userId: 7,
      unixName: 'hpc7',
      home: '',
      scratch: 'scratch',
    });
    expect(clusterAccountOf(sftp, { userId: 7, unixName: 'hpc7', ...sftpAccount })).toMatchObject(sftpAccount);
  });
});
