import { useCallback, type ReactNode } from 'react';
import { ListState, formatDateTime, formatYuan, useLoaded } from '@rc/shared-utility';
import { viewJob, type HpcJobDetail } from './job-api';
import { formatDuration, formatHours, formatJobCharge, formatMemory, formatMinutes } from './job-format';
import { JobStateLabel } from './job-state';
import { ScriptView } from './script-editor';

function fields(job: HpcJobDetail): [string, ReactNode][] {
  return [
    ['作业号', job.schedulerJobId ?? '—'],
    ['状态', <JobStateLabel key="state" job={job} />],
    ['集群', job.clusterName],
    ['分区', job.partition],
    ['节点数', job.nodes],
    ['任务数', job.tasks],
    ['每任务CPU数', job.cpusPerTask],
    ['GPU数', job.gpus],
    ['内存', formatMemory(job.memoryMb)],
    ['最长运行时间', formatMinutes(job.timeLimitMinutes)],
    ['分配核数', job.allocCpus || '—'],
    ['分配GPU', job.allocGpus || '—'],
    ['提交时间', formatDateTime(job.submittedAt)],
    ['开始时间', formatDateTime(job.startedAt)],
    ['结束时间', formatDateTime(job.endedAt)],
    ['运行时长', formatDuration(job.elapsedSeconds)],
    ['退出码', job.exitCode ?? '—'],
    ['核时', `${formatHours(job.coreSeconds)} 核时`],
    ['卡时', `${formatHours(job.gpuSeconds)} 卡时`],
    ['资源包抵扣', `${formatHours(job.packageCoreSeconds)} 核时`],
    ['扣费', formatJobCharge(job.chargedAmount)],
    ['最高费用', formatYuan(job.estimatedAmount)],
    [
      '工作目录',
      <code key="dir" className="rc-mono">
        {job.workDir}
      </code>,
    ],
    [
      '输出文件',
      <code key="out" className="rc-mono">
        {job.outputPath}
      </code>,
    ],
  ];
}

/** Every field of one job and its script, loaded when the dialog opens. */
export function JobDetail({ id }: { id: number }) {
  const detail = useLoaded(useCallback(() => viewJob(id), [id]));
  return (
    <ListState source={detail} isEmpty={() => false} empty={null}>
      {(job) => (
        <div className="rc-job-detail-view">
          <dl className="rc-job-fields">
            {fields(job).map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <h4 className="rc-job-script-title">作业脚本</h4>
          <ScriptView script={job.script} />
        </div>
      )}
    </ListState>
  );
}
