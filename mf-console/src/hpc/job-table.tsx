import { Table } from 'semantic-ui-react';
import { formatDateTime, formatYuan } from '@rc/shared-utility';
import type { HpcJobView, JobScope } from './job-api';
import { JobActions } from './job-actions';
import { formatHours, formatJobCharge, formatMemory } from './job-format';
import { JobElapsed, JobStateLabel } from './job-state';

function JobCell({ job }: { job: HpcJobView }) {
  return (
    <>
      <div className="rc-job-name">{job.name}</div>
      <small className="rc-muted rc-job-number">作业号 {job.schedulerJobId ?? '—'}</small>
      <small className="rc-muted">
        {job.clusterName} · {job.partition}
      </small>
    </>
  );
}

function ResourceCell({ job }: { job: HpcJobView }) {
  const cores = job.allocCpus || job.tasks * job.cpusPerTask;
  const gpus = job.allocGpus || job.gpus;
  return (
    <>
      <div className="rc-job-cores">
        {cores} 核{gpus > 0 ? ` · ${gpus} 卡` : ''}
      </div>
      <small className="rc-muted">
        {job.nodes} 节点 · {formatMemory(job.memoryMb)}
      </small>
    </>
  );
}

function TimeCell({ job, scope }: { job: HpcJobView; scope: JobScope }) {
  return (
    <>
      <small>提交 {formatDateTime(job.submittedAt)}</small>
      {job.startedAt ? <small>开始 {formatDateTime(job.startedAt)}</small> : null}
      {scope === 'history' && job.endedAt ? <small>结束 {formatDateTime(job.endedAt)}</small> : null}
    </>
  );
}

/** What a finished job cost: core-hours (and GPU-hours), what the balance paid and what a package covered. */
function ChargeCell({ job }: { job: HpcJobView }) {
  return (
    <>
      <div className="rc-job-charge">{formatJobCharge(job.chargedAmount)}</div>
      <small className="rc-muted">
        {formatHours(job.coreSeconds)} 核时{job.gpuSeconds > 0 ? ` · ${formatHours(job.gpuSeconds)} 卡时` : ''}
      </small>
      {job.packageCoreSeconds > 0 ? <small className="rc-job-package">资源包抵扣 {formatHours(job.packageCoreSeconds)} 核时</small> : null}
    </>
  );
}

const columns: Record<JobScope, string[]> = {
  active: ['作业', '状态', '资源', '时间', '运行时长', '最高费用', '操作'],
  history: ['作业', '状态', '资源', '时间', '运行时长', '退出码', '核时与扣费', '操作'],
};

export function JobTable({
  jobs,
  scope,
  onChanged,
  navigate,
}: {
  jobs: HpcJobView[];
  scope: JobScope;
  onChanged: () => void;
  navigate: (url: string) => void;
}) {
  return (
    <Table compact className="rc-job-table">
      <Table.Header>
        <Table.Row>
          {columns[scope].map((column) => (
            <Table.HeaderCell key={column} className={column === '操作' ? 'rc-actions-column' : undefined}>
              {column}
            </Table.HeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {jobs.map((job) => (
          <Table.Row key={job.id} data-job-id={job.id} data-job-name={job.name} data-state={job.state}>
            <Table.Cell>
              <JobCell job={job} />
            </Table.Cell>
            <Table.Cell>
              <JobStateLabel job={job} />
            </Table.Cell>
            <Table.Cell>
              <ResourceCell job={job} />
            </Table.Cell>
            <Table.Cell>
              <TimeCell job={job} scope={scope} />
            </Table.Cell>
            <Table.Cell>
              <JobElapsed job={job} />
            </Table.Cell>
            {scope === 'history' ? (
              <>
                <Table.Cell className="rc-job-exit-code">{job.exitCode ?? '—'}</Table.Cell>
                <Table.Cell>
                  <ChargeCell job={job} />
                </Table.Cell>
              </>
            ) : (
              <Table.Cell className="rc-job-estimate">{formatYuan(job.estimatedAmount)}</Table.Cell>
            )}
            <Table.Cell>
              <JobActions job={job} onDone={onChanged} navigate={navigate} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}
