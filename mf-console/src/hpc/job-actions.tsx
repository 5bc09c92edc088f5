import { Button } from 'semantic-ui-react';
import { dialogs, refreshCounters, runAction } from '@rc/shared-utility';
import { jobCalls, openClusterFiles, type HpcJobView } from './job-api';
import { JobDetail } from './job-detail';
import { JobOutput } from './job-output';

const jobLabel = (job: HpcJobView) => `「${job.name}」${job.schedulerJobId ? `（作业号 ${job.schedulerJobId}）` : ''}`;

async function cancelJob(job: HpcJobView, onDone: () => void) {
  const running = job.state === 'RUNNING' || job.state === 'COMPLETING';
  const confirmed = await dialogs.confirm({
    title: '取消作业',
    content: running
      ? `确定取消作业${jobLabel(job)}？运行中的作业将被终止，已运行的时间按核时计费。`
      : `确定取消作业${jobLabel(job)}？作业将退出队列，不产生费用。`,
    confirmText: '取消作业',
    cancelText: '不取消',
    danger: true,
  });
  if (confirmed) await runAction(() => jobCalls.cancel(job.id), { then: onDone });
}

async function releaseJob(job: HpcJobView, onDone: () => void) {
  await runAction(() => jobCalls.release(job.id), { then: onDone });
  await refreshCounters();
}

/**
 * A file storage path ('/…' under the cluster's home) as the file list page's folder, relative to the
 * user's root there: the folder holding the output file.
 */
function storageFolderOf(path: string, home: string): string {
  const base = home.replace(/\/+$/, '');
  const relative = path.startsWith(`${base}/`) ? path.slice(base.length + 1) : path.replace(/^\/+/, '');
  return relative.split('/').slice(0, -1).join('/');
}

async function openOutputFolder(job: HpcJobView, navigate: (url: string) => void) {
  const opened = await openClusterFiles(job.clusterId);
  if (opened.code !== 200) return;
  const folder = storageFolderOf(job.outputPath, opened.data.home);
  navigate(`/account/fileManage/fileList?clusterId=${job.clusterId}&folder=${encodeURIComponent(folder)}`);
}

function showOutput(job: HpcJobView, navigate: (url: string) => void) {
  const handle = dialogs.open({
    title: `作业输出：${job.name}`,
    width: 900,
    content: (
      <JobOutput
        id={job.id}
        onOpenFolder={() => {
          handle.close();
          void openOutputFolder(job, navigate);
        }}
      />
    ),
    actions: [{ text: '关闭', onClick: () => handle.close() }],
  });
}

function showJobDetail(job: HpcJobView) {
  const handle = dialogs.open({
    title: `作业详情：${job.name}`,
    width: 760,
    content: <JobDetail id={job.id} />,
    actions: [{ text: '关闭', onClick: () => handle.close() }],
  });
}

/** 详情 always; 查看输出 once the job started writing; 释放 while held; 取消 while queued or running. */
export function JobActions({ job, onDone, navigate }: { job: HpcJobView; onDone: () => void; navigate: (url: string) => void }) {
  return (
    <div className="rc-job-actions">
      <Button basic size="mini" className="rc-job-detail" onClick={() => showJobDetail(job)}>
        详情
      </Button>
      {job.startedAt ? (
        <Button basic size="mini" className="rc-job-output" title={job.outputPath} onClick={() => showOutput(job, navigate)}>
          查看输出
        </Button>
      ) : null}
      {job.canRelease ? (
        <Button basic primary size="mini" className="rc-job-release" onClick={() => void releaseJob(job, onDone)}>
          释放
        </Button>
      ) : null}
      {job.canCancel ? (
        <Button basic color="red" size="mini" className="rc-job-cancel" onClick={() => void cancelJob(job, onDone)}>
          取消
        </Button>
      ) : null}
    </div>
  );
}
