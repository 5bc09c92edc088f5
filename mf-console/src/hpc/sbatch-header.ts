import type { HpcJobSubmitBody } from './job-api';

const pad = (value: number) => String(value).padStart(2, '0');

/** A time limit as sbatch takes it: '01:30:00', '2-00:00:00'. */
function slurmTime(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const clock = `${pad(Math.floor((minutes % 1440) / 60))}:${pad(minutes % 60)}:00`;
  return days > 0 ? `${days}-${clock}` : clock;
}

/**
 * The `#SBATCH` settings the job will run with, as a preview above the script: the server passes the real
 * ones to sbatch from the fields it checked, and they win over the script's own.
 */
export function sbatchHeader(job: Omit<HpcJobSubmitBody, 'clusterId' | 'script'>): string[] {
  return [
    '# 由表单生成，提交时生效',
    `#SBATCH --job-name=${job.name}`,
    `#SBATCH --partition=${job.partition}`,
    `#SBATCH --nodes=${job.nodes}`,
    `#SBATCH --ntasks=${job.tasks}`,
    `#SBATCH --cpus-per-task=${job.cpusPerTask}`,
    ...(job.gpus > 0 ? [`#SBATCH --gres=gpu:${job.gpus}`] : []),
    `#SBATCH --mem=${job.memoryMb}M`,
    `#SBATCH --time=${slurmTime(job.timeLimitMinutes)}`,
    `#SBATCH --chdir=${job.workDir}`,
    `#SBATCH --output=${job.outputFile}`,
  ];
}
