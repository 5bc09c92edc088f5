import type { FieldErrors } from '@rc/shared-utility';
import type { HpcJobSubmitBody, HpcJobTemplate, HpcPartitionView } from './job-api';
import { formatMemory, formatMinutes } from './job-format';

type MemoryUnit = 'MB' | 'GB';
export type TimeUnit = 'minute' | 'hour' | 'day';

/** The submit form as the user fills it: memory and time limit in the unit they chose. */
export interface JobDraft {
  clusterId: number;
  partition: string;
  name: string;
  nodes: number;
  tasks: number;
  cpusPerTask: number;
  gpus: number;
  memory: number;
  memoryUnit: MemoryUnit;
  time: number;
  timeUnit: TimeUnit;
  workDir: string;
  outputFile: string;
  script: string;
}

export type DraftField = 'name' | 'partition' | 'nodes' | 'cores' | 'gpus' | 'memory' | 'time' | 'workDir' | 'outputFile' | 'script';

const megabytesPer: Record<MemoryUnit, number> = { MB: 1, GB: 1024 };
const minutesPer: Record<TimeUnit, number> = { minute: 1, hour: 60, day: 1440 };
export const timeUnitNames: Record<TimeUnit, string> = { minute: '分钟', hour: '小时', day: '天' };

export const draftBody = (draft: JobDraft): HpcJobSubmitBody => ({
  clusterId: draft.clusterId,
  name: draft.name.trim(),
  partition: draft.partition,
  nodes: draft.nodes,
  tasks: draft.tasks,
  cpusPerTask: draft.cpusPerTask,
  gpus: draft.gpus,
  memoryMb: draft.memory * megabytesPer[draft.memoryUnit],
  timeLimitMinutes: draft.time * minutesPer[draft.timeUnit],
  workDir: draft.workDir.trim(),
  outputFile: draft.outputFile.trim(),
  script: draft.script,
});

/** Memory in the largest unit that says it exactly. */
function memoryOf(megabytes: number): Pick<JobDraft, 'memory' | 'memoryUnit'> {
  return megabytes % 1024 === 0 ? { memory: megabytes / 1024, memoryUnit: 'GB' } : { memory: megabytes, memoryUnit: 'MB' };
}

function timeOf(minutes: number): Pick<JobDraft, 'time' | 'timeUnit'> {
  if (minutes % 1440 === 0) return { time: minutes / 1440, timeUnit: 'day' };
  if (minutes % 60 === 0) return { time: minutes / 60, timeUnit: 'hour' };
  return { time: minutes, timeUnit: 'minute' };
}

export const emptyDraft = (clusterId: number, workDir: string): JobDraft => ({
  clusterId,
  partition: '',
  name: '',
  nodes: 1,
  tasks: 1,
  cpusPerTask: 1,
  gpus: 0,
  memory: 2,
  memoryUnit: 'GB',
  time: 1,
  timeUnit: 'hour',
  workDir,
  outputFile: 'slurm-%j.out',
  script: '',
});

/** A template fills the resource fields and the script; a name typed already is kept. */
export const withTemplate = (draft: JobDraft, template: HpcJobTemplate, partition: HpcPartitionView | undefined): JobDraft => ({
  ...draft,
  name: draft.name.trim() ? draft.name : template.key,
  nodes: template.nodes,
  tasks: template.tasks,
  cpusPerTask: template.cpusPerTask,
  gpus: partition && partition.maxGpusPerJob > 0 ? template.gpus : 0,
  ...memoryOf(template.memoryMb),
  ...timeOf(template.timeLimitMinutes),
  outputFile: template.outputFile,
  script: template.script,
});

const namePattern = /^[A-Za-z0-9_.\-\u4e00-\u9fa5]+$/;
const outputPattern = /^[A-Za-z0-9_.\-%]+$/;

/** The limits of the contract and of the partition, in Chinese; the server checks them again. */
export function draftErrors(draft: JobDraft, partition: HpcPartitionView | undefined): FieldErrors<DraftField> {
  const body = draftBody(draft);
  const errors: FieldErrors<DraftField> = {};
  if (!body.name) errors.name = '请输入作业名称';
  else if (body.name.length > 64 || !namePattern.test(body.name)) errors.name = '作业名称为1-64位字母、数字、中文、下划线、点或短横线';
  if (!body.outputFile) errors.outputFile = '请输入输出文件名';
  else if (body.outputFile.length > 128 || !outputPattern.test(body.outputFile))
    errors.outputFile = '输出文件名只能含字母、数字、下划线、点、短横线与 %j';
  if (!body.workDir) errors.workDir = '请输入工作目录';
  if (!body.script.trim()) errors.script = '请填写作业脚本';
  else if (body.script.length > 65_536) errors.script = '作业脚本不能超过64KB';
  if (!partition) {
    errors.partition = '请选择分区';
    return errors;
  }
  const cores = body.tasks * body.cpusPerTask;
  if (body.nodes > partition.maxNodes) errors.nodes = `该分区单作业最多 ${partition.maxNodes} 个节点`;
  if (cores > partition.maxCpusPerJob) errors.cores = `任务数 × 每任务CPU数为 ${cores}，该分区单作业最多 ${partition.maxCpusPerJob} 核`;
  else if (body.tasks < body.nodes) errors.cores = '任务数不能少于节点数';
  if (body.gpus > partition.maxGpusPerJob)
    errors.gpus = partition.maxGpusPerJob === 0 ? '该分区没有GPU' : `该分区单作业最多 ${partition.maxGpusPerJob} 张GPU`;
  if (body.memoryMb > partition.maxMemoryMbPerJob) errors.memory = `该分区单作业最多 ${formatMemory(partition.maxMemoryMbPerJob)} 内存`;
  if (body.timeLimitMinutes > partition.maxTimeMinutes) errors.time = `该分区最长运行 ${formatMinutes(partition.maxTimeMinutes)}`;
  return errors;
}
