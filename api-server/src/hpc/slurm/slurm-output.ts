import { finishedStates, type JobState, type JobStatus } from '../scheduler.js';

/**
 * Reading what Slurm's tools print: `scontrol … -o` and job completion log lines (`Key=value` words),
 * squeue's formatted columns, durations, times and GPU counts.
 */

/**
 * The `Key=value` words of one line; a word without `=` continues the previous value (values such as a
 * job's name may hold spaces). Every occurrence is kept, so a caller can take the field Slurm printed
 * after a free-text one (a job name holding ` JobState=…` cannot stand in for the real field).
 */
export function fieldsOf(line: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const word of line.trim().split(/\s+/)) {
    const key = /^([A-Za-z][\w:/]*)=/.exec(word)?.[1];
    if (key) {
      const values = fields.get(key) ?? [];
      values.push(word.slice(key.length + 1));
      fields.set(key, values);
      current = values;
    } else if (current) current[current.length - 1] += ` ${word}`;
  }
  return fields;
}

export const firstOf = (fields: Map<string, string[]>, key: string) => fields.get(key)?.[0] ?? '';
export const lastOf = (fields: Map<string, string[]>, key: string) => fields.get(key)?.at(-1) ?? '';

const states: Record<string, JobState> = {
  PENDING: 'PENDING',
  REQUEUED: 'PENDING',
  REQUEUE_HOLD: 'PENDING',
  REQUEUE_FED: 'PENDING',
  RESV_DEL_HOLD: 'PENDING',
  SPECIAL_EXIT: 'PENDING',
  RUNNING: 'RUNNING',
  CONFIGURING: 'RUNNING',
  SUSPENDED: 'RUNNING',
  STOPPED: 'RUNNING',
  RESIZING: 'RUNNING',
  SIGNALING: 'RUNNING',
  STAGE_OUT: 'COMPLETING',
  COMPLETING: 'COMPLETING',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
  PREEMPTED: 'CANCELLED',
  REVOKED: 'CANCELLED',
  TIMEOUT: 'TIMEOUT',
  DEADLINE: 'TIMEOUT',
  OUT_OF_MEMORY: 'OUT_OF_MEMORY',
  NODE_FAIL: 'NODE_FAIL',
  BOOT_FAIL: 'NODE_FAIL',
};

/** A Slurm job state as the portal knows it; `otherwise` for a state this table does not name. */
export function jobStateOf(slurmState: string, otherwise: JobState): JobState {
  return states[slurmState.split(/[ +]/)[0]!.toUpperCase()] ?? otherwise;
}

/** `[days-]hours:minutes:seconds` or `minutes:seconds` in seconds; null for UNLIMITED, INVALID, N/A… */
export function durationSeconds(text: string): number | null {
  const match = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)$/.exec(text.trim());
  if (!match) return null;
  const [, days = '0', hours = '0', minutes, seconds] = match;
  return ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60 + Number(seconds);
}

/**
 * A time as Slurm printed it: seconds since the epoch (SLURM_TIME_FORMAT=%s, which the portal sets for
 * its own commands) or `YYYY-MM-DDTHH:MM:SS` in the login node's local time, `utcOffsetMinutes` east
 * of UTC (the completion log, written by the controller). Null for Unknown, N/A, None.
 */
export function slurmTime(text: string, utcOffsetMinutes = 0): Date | null {
  if (/^\d+$/.test(text)) return Number(text) > 0 ? new Date(Number(text) * 1000) : null;
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - utcOffsetMinutes * 60_000);
}

/** `date +%z` (+0800, -0330) in minutes east of UTC. */
export function utcOffsetOf(text: string): number {
  const match = /^([+-])(\d\d)(\d\d)$/.exec(text.trim());
  if (!match) throw new Error(`not a UTC offset: ${text}`);
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * GPUs in a GRES list: `gpu:2`, `gpu:a100:2(S:0-1)`, `gres:gpu:1`, `gres/gpu:1`, `gpu:0(IDX:N/A)`;
 * several entries separated by commas. 0 for `(null)` and `N/A`.
 */
export function gpusOfGres(text: string): number {
  let gpus = 0;
  for (const entry of text.replace(/\([^)]*\)/g, '').split(',')) {
    const parts = entry
      .trim()
      .replace(/^gres[:/]/, '')
      .split(':');
    if (parts[0] !== 'gpu') continue;
    const count = parts.length > 1 ? Number(parts.at(-1)) : 1;
    gpus += Number.isInteger(count) ? count : 1;
  }
  return gpus;
}

/** One value of a TRES list (`cpu=2,mem=100M,node=1,gres/gpu=1`), or null when absent. */
export function tresValue(tres: string, name: string): number | null {
  for (const entry of tres.split(',')) {
    const [key, value] = entry.split('=');
    if (key === name && value !== undefined && /^\d+$/.test(value)) return Number(value);
  }
  return null;
}

/** `exit:signal` (ExitCode=3:0) into the script's exit code, or null when a signal ended it. */
export function exitCodeOf(text: string): number | null {
  const match = /^(\d+):(\d+)$/.exec(text);
  if (!match || match[2] !== '0') return null;
  return Number(match[1]);
}

/** Slurm's refusal as one line: the last line of stderr without the tool's `xxx: error: ` prefix. */
export function slurmMessage(stderr: string): string {
  const line = stderr.trim().split('\n').filter(Boolean).at(-1) ?? '';
  return line
    .replace(/^\w+: error: /, '')
    .replace(/^Batch job submission failed: /, '')
    .trim();
}

/**
 * An ended job from a completion log line (JobId, UserId, JobState, StartTime, EndTime, ProcCnt, Tres,
 * ExitCode…) or `scontrol show job -o` (NumCPUs, TRES, TresPerNode…); null while it is still active.
 * Fields after the free-text name are read at their last occurrence.
 */
export function endedJobOf(fields: Map<string, string[]>, source: 'jobcomp' | 'scontrol', utcOffsetMinutes: number): JobStatus | null {
  const state: JobState = jobStateOf(lastOf(fields, 'JobState'), 'FAILED');
  if (!finishedStates.has(state)) return null;
  const time = (key: string) => slurmTime(lastOf(fields, key), utcOffsetMinutes);
  const nodeList = lastOf(fields, 'NodeList');
  const ran = nodeList !== '' && nodeList !== '(null)' && nodeList !== 'None assigned';
  const startedAt = ran ? time('StartTime') : null;
  const endedAt = time('EndTime');
  const nodes = Number(lastOf(fields, source === 'jobcomp' ? 'NodeCnt' : 'NumNodes')) || 1;
  const tres = lastOf(fields, source === 'jobcomp' ? 'Tres' : 'TRES');
  const cpus = Number(lastOf(fields, source === 'jobcomp' ? 'ProcCnt' : 'NumCPUs')) || 0;
  const gpus = tresValue(tres, 'gres/gpu') ?? gpusOfGres(lastOf(fields, 'TresPerNode')) * nodes;
  const exitCode = state === 'COMPLETED' || state === 'FAILED' ? exitCodeOf(lastOf(fields, 'ExitCode')) : null;
  return {
    jobId: firstOf(fields, 'JobId'),
    unixName: firstOf(fields, 'UserId').replace(/\(\d+\)$/, ''),
    state,
    reason: '',
    submittedAt: time('SubmitTime') ?? endedAt ?? new Date(0),
    startedAt,
    endedAt,
    elapsedSeconds: startedAt && endedAt ? Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / 1000)) : 0,
    allocCpus: ran ? cpus : 0,
    allocGpus: ran ? gpus : 0,
    exitCode,
  };
}
