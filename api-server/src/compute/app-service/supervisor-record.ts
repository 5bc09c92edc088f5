/** Where the container's supervisor (suanli-init.sh) keeps the service's output and its record. */
export const appLogPath = '/var/log/suanli-app.log';
export const appRecordPath = '/run/suanli-app/record';

/** What the supervisor last wrote: whether the service runs or waits to be restarted, and how it has exited. */
export interface SupervisorRecord {
  state: 'running' | 'waiting';
  restarts: number;
  /** Exits in a row, each within a minute of its start. */
  quickExits: number;
  lastExit: number | null;
}

/** Exits in a row, each soon after its start, that make the service 启动失败 (it keeps dying). */
export const failingAfterQuickExits = 3;

/** The supervisor's record from its `key=value` lines; null before the supervisor wrote one. */
export function parseRecord(text: string): SupervisorRecord | null {
  const fields = new Map(
    text
      .split('\n')
      .map((line) => line.split('='))
      .filter((pair) => pair.length === 2)
      .map(([key, value]) => [key!.trim(), value!.trim()]),
  );
  const state = fields.get('state');
  if (state !== 'running' && state !== 'waiting') return null;
  const count = (key: string) => Number.parseInt(fields.get(key) ?? '', 10) || 0;
  const lastExit = Number.parseInt(fields.get('last_exit') ?? '', 10);
  return { state, restarts: count('restarts'), quickExits: count('quick_exits'), lastExit: Number.isNaN(lastExit) ? null : lastExit };
}

/** An exit code as a person reads it. */
export function exitText(code: number | null) {
  if (code === null) return '退出';
  if (code === 127) return `退出码 127（命令不存在）`;
  if (code === 126) return `退出码 126（命令无法执行）`;
  if (code > 128) return `被信号 ${code - 128} 终止（退出码 ${code}）`;
  return `退出码 ${code}`;
}

export type ServiceState = { state: 'starting' | 'running'; reason: '' } | { state: 'failed'; reason: string };

/**
 * The service's state from the supervisor's record and the readiness check: 运行中 while its process runs and the check
 * passes; 启动失败 once it exited `failingAfterQuickExits` times in a row soon after starting (and is not answering
 * now); else 启动中.
 */
export function serviceState(record: SupervisorRecord | null, ready: boolean): ServiceState {
  if (record?.state === 'running' && ready) return { state: 'running', reason: '' };
  if (record && record.quickExits >= failingAfterQuickExits)
    return {
      state: 'failed',
      reason: `启动命令连续 ${record.quickExits} 次在启动后一分钟内退出，最近一次${exitText(record.lastExit)}；平台会继续间隔重试`,
    };
  return { state: 'starting', reason: '' };
}
