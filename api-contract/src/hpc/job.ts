import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { TextPreview } from '../file-preview.js';
import { DateTime, Money, NullableDateTime } from '../values.js';

// Batch jobs (/account/workList). Every field of a submission is data: the script goes to the
// scheduler on standard input, the rest becomes #SBATCH lines the server writes from checked values.

export const JobName = Type.String({
  title: '作业名称',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_.\\-\\u4e00-\\u9fa5]+$',
  description: '字母、数字、中文、下划线、点或短横线',
});
/** A folder or file as the file storage pages name it on that cluster. */
export const HpcPath = Type.String({ title: '路径', minLength: 1, maxLength: 1024 });
export const OutputFileName = Type.String({
  title: '输出文件',
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_.\\-%]+$',
  description: '文件名，可含 %j（作业号）',
});

/** What a job asks the scheduler for besides its partition: the resource lines of its #SBATCH header. */
const jobResources = {
  nodes: Type.Integer({ title: '节点数', minimum: 1, maximum: 1024 }),
  tasks: Type.Integer({ title: '任务数', minimum: 1, maximum: 100_000 }),
  cpusPerTask: Type.Integer({ title: '每任务CPU数', minimum: 1, maximum: 1024 }),
  gpus: Type.Integer({ title: 'GPU数', minimum: 0, maximum: 64 }),
  memoryMb: Type.Integer({ title: '内存(MB)', minimum: 1, maximum: 16_777_216 }),
  timeLimitMinutes: Type.Integer({ title: '最长运行时间(分钟)', minimum: 1, maximum: 525_600 }),
};

export const HpcJobSubmitBody = Type.Object({
  clusterId: Id('集群'),
  name: JobName,
  partition: Type.String({ title: '分区', minLength: 1, maxLength: 64 }),
  ...jobResources,
  workDir: HpcPath,
  outputFile: OutputFileName,
  script: Type.String({ title: '作业脚本', minLength: 1, maxLength: 65_536 }),
});
export type HpcJobSubmitBody = Static<typeof HpcJobSubmitBody>;

/** What a submission would cost at most, before it is sent. */
export const HpcJobEstimate = Type.Object({
  estimatedAmount: Money('按最长运行时间计算的最高费用（已扣除资源包可抵扣部分）'),
  coreSeconds: Type.Integer({ description: '最长运行时间内的核秒' }),
  gpuSeconds: Type.Integer(),
  packageCoreSecondsAvailable: Type.Integer(),
  balance: Money('付款账户余额'),
  committedAmount: Money('其他排队与运行中作业的最高费用之和'),
  enough: Type.Boolean({ description: '为假时提交后作业将暂挂，充值后可释放' }),
});
export type HpcJobEstimate = Static<typeof HpcJobEstimate>;

export const HpcJobState = Type.String({
  description: 'HELD（余额不足暂挂）、PENDING、RUNNING、COMPLETING、COMPLETED、FAILED、CANCELLED、TIMEOUT、OUT_OF_MEMORY、NODE_FAIL',
});

export const HpcJobView = Type.Object({
  id: Type.Integer(),
  clusterId: Type.Integer(),
  clusterName: Type.String(),
  schedulerJobId: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  partition: Type.String(),
  ...jobResources,
  workDir: Type.String(),
  outputPath: Type.String({ description: '输出文件在文件存储中的路径' }),
  state: HpcJobState,
  stateText: Type.String({ description: '暂挂、排队中、运行中、已完成、失败、已取消、超时、内存不足、节点故障' }),
  reason: Type.String(),
  exitCode: Type.Union([Type.Integer(), Type.Null()]),
  submittedAt: DateTime,
  startedAt: NullableDateTime,
  endedAt: NullableDateTime,
  elapsedSeconds: Type.Integer({ description: '运行秒数（运行中为截至现在）' }),
  allocCpus: Type.Integer(),
  allocGpus: Type.Integer(),
  coreSeconds: Type.Integer(),
  gpuSeconds: Type.Integer(),
  packageCoreSeconds: Type.Integer({ description: '由资源包抵扣的核秒' }),
  chargedAmount: Money('从余额扣除的金额，结束前为0'),
  estimatedAmount: Money('最高费用'),
  canCancel: Type.Boolean(),
  canRelease: Type.Boolean({ description: '暂挂作业在余额足够后可释放' }),
});
export type HpcJobView = Static<typeof HpcJobView>;

export const HpcJobDetail = Type.Object({ ...HpcJobView.properties, script: Type.String() });
export type HpcJobDetail = Static<typeof HpcJobDetail>;

export const HpcJobListBody = Type.Object({
  ...PageQuery.properties,
  scope: Type.Union([Type.Literal('active'), Type.Literal('history')], {
    title: '范围',
    description: 'active 排队与运行中；history 已结束',
  }),
  clusterId: Type.Optional(Id('集群')),
});
export type HpcJobListBody = Static<typeof HpcJobListBody>;

/** What submitting, releasing or cancelling did: the job's state afterwards (HELD when kept back for the balance). */
export const HpcJobOutcome = Type.Object({ id: Type.Integer(), state: HpcJobState });
export type HpcJobOutcome = Static<typeof HpcJobOutcome>;

export const HpcJobById = Type.Object({ id: Id('作业') });
export type HpcJobById = Static<typeof HpcJobById>;

/** A starting point for the submit form: the fields it fills and the script body. */
export const HpcJobTemplate = Type.Object({
  key: Type.String(),
  title: Type.String(),
  description: Type.String(),
  ...jobResources,
  outputFile: Type.String(),
  script: Type.String(),
});
export type HpcJobTemplate = Static<typeof HpcJobTemplate>;

/** The job's output file: its last 512 KB, from a whole line, while the job runs and after. */
export const HpcJobOutput = Type.Object({
  path: Type.String({ description: '输出文件（文件存储中的路径）' }),
  running: Type.Boolean({ description: '作业仍在排队或运行，输出还会增加' }),
  exists: Type.Boolean({ description: '输出文件已经生成' }),
  preview: Type.Union([TextPreview, Type.Null()]),
});
export type HpcJobOutput = Static<typeof HpcJobOutput>;
