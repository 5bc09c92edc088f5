import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type Dockerode from 'dockerode';
import type { InstanceSample } from '../driver.js';

const run = promisify(execFile);

interface CpuReading {
  usageNs: number;
  atMs: number;
}

interface ContainerStats {
  cpu_stats: { cpu_usage: { total_usage: number } };
  memory_stats: { usage?: number; limit?: number };
}

/**
 * CPU (percent of one CPU, from this reading and the previous one of the container, or two readings a
 * second apart the first time), memory used and limit, and the GPUs' utilisation through nvidia-smi.
 */
export class UsageSampler {
  private readonly last = new Map<string, CpuReading>();
  constructor(
    private readonly docker: Dockerode,
    private readonly gpuProbe: (gpuIndices: number[]) => Promise<{ gpu: number; memory: number } | null> = nvidiaSmi,
  ) {}

  async sample(container: string, gpuIndices: number[]): Promise<InstanceSample | null> {
    let previous = this.last.get(container);
    if (!previous) {
      previous = (await this.read(container))?.cpu;
      if (!previous) return null;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const now = await this.read(container);
    if (!now) return null;
    this.last.set(container, now.cpu);
    const elapsedNs = (now.cpu.atMs - previous.atMs) * 1e6;
    const cpuPercent = elapsedNs > 0 ? Math.max(0, ((now.cpu.usageNs - previous.usageNs) / elapsedNs) * 100) : 0;
    const gpu = gpuIndices.length ? await this.gpuProbe(gpuIndices) : null;
    return {
      cpuPercent: Math.round(cpuPercent * 10) / 10,
      memoryBytes: now.memoryBytes,
      memoryLimitBytes: now.memoryLimitBytes,
      gpuPercent: gpu?.gpu ?? null,
      gpuMemoryPercent: gpu?.memory ?? null,
    };
  }

  forget(container: string) {
    this.last.delete(container);
  }

  private async read(container: string) {
    try {
      const stats = (await this.docker.getContainer(container).stats({ stream: false })) as unknown as ContainerStats;
      return {
        cpu: { usageNs: stats.cpu_stats.cpu_usage.total_usage, atMs: Date.now() },
        memoryBytes: stats.memory_stats.usage ?? 0,
        memoryLimitBytes: stats.memory_stats.limit ?? 0,
      };
    } catch {
      return null;
    }
  }
}

/** Mean GPU and GPU memory utilisation of the cards, or null where nvidia-smi is missing or fails. */
async function nvidiaSmi(gpuIndices: number[]) {
  try {
    const { stdout } = await run('nvidia-smi', [
      '--query-gpu=utilization.gpu,utilization.memory',
      '--format=csv,noheader,nounits',
      '-i',
      gpuIndices.join(','),
    ]);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => line.split(',').map((value) => Number(value.trim())));
    if (rows.length === 0 || rows.some((row) => row.length < 2 || row.some(Number.isNaN))) return null;
    const mean = (column: number) => rows.reduce((sum, row) => sum + row[column]!, 0) / rows.length;
    return { gpu: mean(0), memory: mean(1) };
  } catch {
    return null;
  }
}
