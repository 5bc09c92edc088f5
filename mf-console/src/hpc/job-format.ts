import type { SemanticCOLORS } from 'semantic-ui-react';
import { formatCharge, formatYuan } from '@rc/shared-utility';

export const stateColors: Record<string, SemanticCOLORS> = {
  HELD: 'orange',
  PENDING: 'yellow',
  RUNNING: 'blue',
  COMPLETING: 'teal',
  COMPLETED: 'green',
  FAILED: 'red',
  CANCELLED: 'grey',
  TIMEOUT: 'orange',
  OUT_OF_MEMORY: 'red',
  NODE_FAIL: 'red',
};

/** Slurm's pending reasons a user meets most, in words. */
const reasonTexts: Record<string, string> = {
  Resources: '等待空闲资源',
  Priority: '按优先级排队',
  None: '',
  BeginTime: '未到开始时间',
  Dependency: '等待依赖作业',
  JobHeldUser: '用户暂挂',
  JobHeldAdmin: '管理员暂挂',
  PartitionDown: '分区不可用',
  PartitionNodeLimit: '超过分区节点上限',
  PartitionTimeLimit: '超过分区时长上限',
  ReqNodeNotAvail: '所需节点不可用',
  QOSMaxCpuPerUserLimit: '超过单用户CPU上限',
  AssocGrpCPULimit: '超过账号CPU上限',
};

export const reasonText = (reason: string) => (reason in reasonTexts ? reasonTexts[reason]! : reason);

const pad = (value: number) => String(value).padStart(2, '0');

/** Seconds as Slurm users read elapsed time: '00:03:07', '1天 02:00:00'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const clock = `${pad(Math.floor((seconds % 86_400) / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

/** Core- or GPU-seconds as hours with two decimals ('0.02'); a few seconds read '<0.01', not '0.00'. */
export function formatHours(seconds: number): string {
  if (seconds > 0 && seconds < 36) return '<0.01';
  return (seconds / 3600).toFixed(2);
}

/** A time limit in minutes as a person says it: '30分钟', '2小时', '1天12小时'. */
export function formatMinutes(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days ? `${days}天` : '', hours ? `${hours}小时` : '', rest ? `${rest}分钟` : ''].join('');
  return parts || '0分钟';
}

/** Memory in MB as '512MB', '4GB', '1.5GB'. */
export function formatMemory(megabytes: number): string {
  if (megabytes < 1024) return `${megabytes}MB`;
  const gigabytes = megabytes / 1024;
  return `${Number.isInteger(gigabytes) ? gigabytes : gigabytes.toFixed(1)}GB`;
}

/** What a job was charged: '¥1.20', and '<¥0.01' for the tenths of a fen a few core-seconds cost. */
export const formatJobCharge = (thousandths: number) => (thousandths > 0 ? formatCharge(thousandths).slice(1) : formatYuan(0));
