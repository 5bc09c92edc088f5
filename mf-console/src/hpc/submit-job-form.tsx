import { useCallback, useState, type ReactNode } from 'react';
import { Button, Dropdown, Form, Input } from 'semantic-ui-react';
import { FieldError, IntegerInput, formatYuan, refreshCounters, useLoaded, useSubmit } from '@rc/shared-utility';
import {
  jobCalls,
  listClusterPartitions,
  listJobTemplates,
  type HpcAccountView,
  type HpcJobTemplate,
  type HpcPartitionView,
} from './job-api';
import {
  draftBody,
  draftErrors,
  emptyDraft,
  timeUnitNames,
  withTemplate,
  type DraftField,
  type JobDraft,
  type TimeUnit,
} from './job-draft';
import { JobEstimateView, useJobEstimate } from './job-estimate';
import { formatMemory, formatMinutes } from './job-format';
import { sbatchHeader } from './sbatch-header';
import { ScriptEditor } from './script-editor';

const free = (partition: HpcPartitionView) => Math.max(0, partition.totalCpus - partition.allocatedCpus);

/** A dropdown option in two lines: what it is, and the detail that helps choose it. */
function OptionLines({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rc-option-lines">
      <div>{title}</div>
      <small className="rc-muted">{children}</small>
    </div>
  );
}

const partitionPrice = (partition: HpcPartitionView) =>
  `${formatYuan(partition.coreHourPrice)}/核时${partition.gpuHourPrice > 0 ? ` · ${formatYuan(partition.gpuHourPrice)}/卡时` : ''}`;

/** The chosen partition's prices, per-job limits and what is free now. */
function PartitionFacts({ partition }: { partition: HpcPartitionView }) {
  const gpuFree = Math.max(0, partition.totalGpus - partition.allocatedGpus);
  return (
    <div className="rc-partition-facts">
      <div>
        <span className="rc-muted">价格</span> <strong className="rc-partition-price">{partitionPrice(partition)}</strong>
      </div>
      <div>
        <span className="rc-muted">单作业上限</span> {partition.maxNodes} 节点 · {partition.maxCpusPerJob} 核
        {partition.maxGpusPerJob > 0 ? ` · ${partition.maxGpusPerJob} 卡` : ''} · {formatMemory(partition.maxMemoryMbPerJob)} ·{' '}
        {formatMinutes(partition.maxTimeMinutes)}
      </div>
      <div>
        <span className="rc-muted">当前空闲</span>{' '}
        {partition.reachable ? (
          <span className="rc-partition-free">
            {free(partition)}/{partition.totalCpus} 核{partition.totalGpus > 0 ? ` · ${gpuFree}/${partition.totalGpus} 卡` : ''}
            {partition.state !== 'up' ? `（${partition.state}）` : ''}
          </span>
        ) : (
          <span className="rc-refused-reason">集群暂时无法连接</span>
        )}
      </div>
    </div>
  );
}

const liveFields: ReadonlySet<DraftField> = new Set(['nodes', 'cores', 'gpus', 'memory', 'time', 'outputFile']);

const timeUnits = (Object.keys(timeUnitNames) as TimeUnit[]).map((unit) => ({ key: unit, value: unit, text: timeUnitNames[unit] }));
const memoryUnits = ['MB', 'GB'].map((unit) => ({ key: unit, value: unit, text: unit }));

interface SubmitJobFormProps {
  /** The clusters the user has an open account on. */
  accounts: HpcAccountView[];
  /** The cluster and partition to start on (a link from 算力资源); a partition the cluster lacks falls back to its default. */
  initial: { clusterId: number; partition: string } | null;
  onSubmitted: () => void;
  onClose: () => void;
}

/** 提交作业: the #SBATCH settings as fields checked against the partition, a template, the script, and the estimate. */
export function SubmitJobForm({ accounts, initial, onSubmitted, onClose }: SubmitJobFormProps) {
  const [draft, setDraft] = useState<JobDraft>(() => {
    const account = accounts.find((candidate) => candidate.clusterId === initial?.clusterId) ?? accounts[0]!;
    const partition = account.clusterId === initial?.clusterId ? initial.partition : '';
    return { ...emptyDraft(account.clusterId, account.home), partition };
  });
  const [touched, setTouched] = useState(false);
  const change = (patch: Partial<JobDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const partitions = useLoaded(useCallback(() => listClusterPartitions(draft.clusterId), [draft.clusterId]));
  const templates = useLoaded(listJobTemplates);
  const partitionList = partitions.data ?? [];
  const partition = partitionList.find((candidate) => candidate.name === draft.partition);
  if (!partition && partitionList.length > 0) {
    const first = partitionList.find((candidate) => candidate.isDefault) ?? partitionList[0]!;
    change({ partition: first.name, gpus: first.maxGpusPerJob > 0 ? draft.gpus : 0 });
  }

  const errors = draftErrors(draft, partition);
  const valid = Object.keys(errors).length === 0;
  const estimate = useJobEstimate(valid ? draftBody(draft) : null);
  const { busy, submit } = useSubmit<DraftField>();
  // Limits are pointed out as soon as they are passed; a field left empty only once the user tries to submit.
  const shown = (field: DraftField) => (touched || liveFields.has(field) || (field === 'name' && draft.name) ? errors[field] : undefined);

  const chooseCluster = (clusterId: number) => {
    const account = accounts.find((candidate) => candidate.clusterId === clusterId)!;
    change({ clusterId, partition: '', workDir: account.home });
  };
  const chooseTemplate = (template: HpcJobTemplate) => {
    const needsGpu = template.gpus > 0 && !(partition && partition.maxGpusPerJob > 0);
    const target = needsGpu ? (partitionList.find((candidate) => candidate.maxGpusPerJob > 0) ?? partition) : partition;
    setDraft((current) => withTemplate({ ...current, partition: target?.name ?? current.partition }, template, target));
  };
  const send = () => {
    setTouched(true);
    void submit({
      check: () => errors,
      call: () => jobCalls.submit(draftBody(draft)),
      then: async () => {
        await refreshCounters();
        onSubmitted();
      },
    });
  };

  return (
    <Form className="rc-job-submit" onSubmit={send} noValidate>
      <div className="rc-job-submit-columns">
        <div className="rc-job-fields-column">
          <Form.Group widths="equal">
            <Form.Field>
              <label>集群</label>
              <Dropdown
                selection
                className="rc-job-cluster"
                value={draft.clusterId}
                options={accounts.map((account) => ({ key: account.clusterId, value: account.clusterId, text: account.clusterName }))}
                onChange={(_, data) => chooseCluster(Number(data.value))}
              />
            </Form.Field>
            <Form.Field error={Boolean(shown('partition'))}>
              <label>分区</label>
              <Dropdown
                selection
                className="rc-job-partition"
                loading={partitions.data === undefined && !partitions.error}
                placeholder={partitions.error ? '分区加载失败' : '选择分区'}
                value={draft.partition}
                options={partitionList.map((candidate) => ({
                  key: candidate.name,
                  value: candidate.name,
                  text: candidate.title || candidate.name,
                  content: (
                    <OptionLines title={`${candidate.title || candidate.name}（${candidate.name}）`}>
                      {partitionPrice(candidate)} · 空闲 {free(candidate)} 核
                    </OptionLines>
                  ),
                }))}
                onChange={(_, data) => {
                  const next = partitionList.find((candidate) => candidate.name === data.value);
                  change({ partition: String(data.value), gpus: next && next.maxGpusPerJob > 0 ? draft.gpus : 0 });
                }}
              />
              <FieldError message={shown('partition') ?? partitions.error ?? undefined} />
            </Form.Field>
          </Form.Group>
          {partition ? <PartitionFacts partition={partition} /> : null}
          <Form.Field error={Boolean(shown('name'))}>
            <label>作业名称</label>
            <Input
              className="rc-job-name-input"
              value={draft.name}
              maxLength={64}
              placeholder="字母、数字、中文、下划线、点或短横线"
              onChange={(_, data) => change({ name: data.value })}
            />
            <FieldError message={shown('name')} />
          </Form.Field>
          <Form.Group widths="equal">
            <Form.Field error={Boolean(shown('nodes'))}>
              <label>节点数</label>
              <IntegerInput className="rc-job-nodes" min={1} max={1024} value={draft.nodes} onChange={(nodes) => change({ nodes })} />
              <FieldError message={shown('nodes')} />
            </Form.Field>
            <Form.Field error={Boolean(shown('cores'))}>
              <label>任务数</label>
              <IntegerInput className="rc-job-tasks" min={1} max={100_000} value={draft.tasks} onChange={(tasks) => change({ tasks })} />
            </Form.Field>
            <Form.Field error={Boolean(shown('cores'))}>
              <label>每任务CPU数</label>
              <IntegerInput
                className="rc-job-cpus"
                min={1}
                max={1024}
                value={draft.cpusPerTask}
                onChange={(cpusPerTask) => change({ cpusPerTask })}
              />
            </Form.Field>
            {partition && partition.maxGpusPerJob > 0 ? (
              <Form.Field error={Boolean(shown('gpus'))}>
                <label>GPU数</label>
                <IntegerInput className="rc-job-gpus" min={0} max={64} value={draft.gpus} onChange={(gpus) => change({ gpus })} />
                <FieldError message={shown('gpus')} />
              </Form.Field>
            ) : null}
          </Form.Group>
          {shown('cores') ? (
            <div className="field error rc-job-cores-error">
              <FieldError message={shown('cores')} />
            </div>
          ) : null}
          <Form.Group widths="equal">
            <Form.Field error={Boolean(shown('memory'))}>
              <label>内存</label>
              <div className="rc-unit-input">
                <IntegerInput
                  className="rc-job-memory"
                  min={1}
                  max={16_777_216}
                  value={draft.memory}
                  onChange={(memory) => change({ memory })}
                />
                <Dropdown
                  selection
                  compact
                  className="rc-job-memory-unit"
                  value={draft.memoryUnit}
                  options={memoryUnits}
                  onChange={(_, data) => change({ memoryUnit: data.value as JobDraft['memoryUnit'] })}
                />
              </div>
              <FieldError message={shown('memory')} />
            </Form.Field>
            <Form.Field error={Boolean(shown('time'))}>
              <label>最长运行时间</label>
              <div className="rc-unit-input">
                <IntegerInput className="rc-job-time" min={1} max={525_600} value={draft.time} onChange={(time) => change({ time })} />
                <Dropdown
                  selection
                  compact
                  className="rc-job-time-unit"
                  value={draft.timeUnit}
                  options={timeUnits}
                  onChange={(_, data) => change({ timeUnit: data.value as TimeUnit })}
                />
              </div>
              <FieldError message={shown('time')} />
            </Form.Field>
          </Form.Group>
          <Form.Field error={Boolean(shown('workDir'))}>
            <label>工作目录</label>
            <Input
              className="rc-job-workdir"
              value={draft.workDir}
              maxLength={1024}
              onChange={(_, data) => change({ workDir: data.value })}
            />
            <FieldError message={shown('workDir')} />
          </Form.Field>
          <Form.Field error={Boolean(shown('outputFile'))}>
            <label>输出文件</label>
            <Input
              className="rc-job-output-file"
              value={draft.outputFile}
              maxLength={128}
              onChange={(_, data) => change({ outputFile: data.value })}
            />
            <small className="rc-muted">写在工作目录中，%j 为作业号；标准输出与错误输出都写入这个文件</small>
            <FieldError message={shown('outputFile')} />
          </Form.Field>
        </div>
        <div className="rc-job-script-column">
          <div className="rc-job-script-heading">
            <label>作业脚本</label>
            <Dropdown
              selection
              className="rc-job-template"
              placeholder="从模板开始"
              loading={templates.data === undefined && !templates.error}
              options={(templates.data ?? []).map((template) => ({
                key: template.key,
                value: template.key,
                text: template.title,
                content: <OptionLines title={template.title}>{template.description}</OptionLines>,
              }))}
              onChange={(_, data) => {
                const template = templates.data?.find((candidate) => candidate.key === data.value);
                if (template) chooseTemplate(template);
              }}
            />
          </div>
          <Form.Field error={Boolean(shown('script'))}>
            <ScriptEditor
              header={sbatchHeader({ ...draftBody(draft), partition: draft.partition || '（未选择）' })}
              value={draft.script}
              onChange={(script) => change({ script })}
            />
            <FieldError message={shown('script')} />
          </Form.Field>
        </div>
      </div>
      <div className="rc-job-submit-footer">
        <JobEstimateView state={estimate} hasErrors={!valid} />
        <div className="rc-job-submit-buttons">
          <Button type="button" onClick={onClose}>
            取消
          </Button>
          <Button primary type="submit" loading={busy} disabled={busy} className="rc-job-submit-button">
            提交作业
          </Button>
        </div>
      </div>
    </Form>
  );
}
