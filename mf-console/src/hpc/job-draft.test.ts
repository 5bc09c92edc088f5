import { describe, expect, it } from 'vitest';
import { draftBody, draftErrors, emptyDraft, withTemplate, type JobDraft } from './job-draft';
import type { HpcJobTemplate, HpcPartitionView } from './job-api';

const gpuPartition: HpcPartitionView = {
  id: 2,
  clusterId: 1,
  clusterName: '默认集群',
  name: 'gpu',
  title: 'GPU 分区',
  description: '',
  coreHourPrice: 100,
  gpuHourPrice: 6_000,
  maxNodes: 2,
  maxCpusPerJob: 64,
  maxGpusPerJob: 4,
  maxMemoryMbPerJob: 262_144,
  maxTimeMinutes: 4_320,
  isDefault: false,
  reachable: true,
  state: 'up',
  totalCpus: 128,
  allocatedCpus: 0,
  totalGpus: 8,
  allocatedGpus: 0,
};
const cpuPartition: HpcPartitionView = { ...gpuPartition, id: 1, name: 'cpu', title: 'CPU 分区', maxGpusPerJob: 0, gpuHourPrice: 0 };

const template: HpcJobTemplate = {
  key: 'pytorch-train',
  title: 'PyTorch 训练',
  description: '',
  nodes: 1,
  tasks: 4,
  cpusPerTask: 8,
  gpus: 2,
  memoryMb: 65_536,
  timeLimitMinutes: 90,
  outputFile: 'train-%j.out',
  script: '#!/bin/bash\npython train.py\n',
};

const filled = (changes: Partial<JobDraft> = {}): JobDraft => ({
  ...emptyDraft(1, '/home/hpc42'),
  partition: 'gpu',
  name: '训练任务',
  script: 'sleep 60',
  ...changes,
});

describe('the HPC job draft', () => {
  it('is sent with memory in MB and the time limit in minutes, whatever unit the form shows, and names trimmed', () => {
    expect(
      draftBody(filled({ name: ' 训练任务 ', memory: 3, memoryUnit: 'GB', time: 2, timeUnit: 'day', workDir: ' /home/hpc42/run ' })),
    ).toEqual({
      clusterId: 1,
      name: '训练任务',
      partition: 'gpu',
      nodes: 1,
      tasks: 1,
      cpusPerTask: 1,
      gpus: 0,
      memoryMb: 3_072,
      timeLimitMinutes: 2_880,
      workDir: '/home/hpc42/run',
      outputFile: 'slurm-%j.out',
      script: 'sleep 60',
    });
    expect(draftBody(filled({ memory: 512, memoryUnit: 'MB', time: 45, timeUnit: 'minute' }))).toMatchObject({
      memoryMb: 512,
      timeLimitMinutes: 45,
    });
    expect(draftBody(filled({ time: 3, timeUnit: 'hour' })).timeLimitMinutes).toBe(180);
  });

  it('takes a template’s resources and script in the largest exact units, keeping a name already typed', () => {
    const draft = withTemplate(filled({ name: '' }), template, gpuPartition);
    expect(draft).toMatchObject({
      name: 'pytorch-train',
      tasks: 4,
      cpusPerTask: 8,
      gpus: 2,
      memory: 64,
      memoryUnit: 'GB',
      time: 90,
      timeUnit: 'minute',
    });
    expect(draft).toMatchObject({ outputFile: 'train-%j.out', script: template.script, workDir: '/home/hpc42' });
    expect(draftBody(draft)).toMatchObject({ memoryMb: 65_536, timeLimitMinutes: 90 });

    expect(withTemplate(filled(), template, gpuPartition).name).toBe('训练任务');
    expect(withTemplate(filled(), { ...template, memoryMb: 1_536, timeLimitMinutes: 2_880 }, gpuPartition)).toMatchObject({
      memory: 1_536,
      memoryUnit: 'MB',
      time: 2,
      timeUnit: 'day',
    });
    expect(withTemplate(filled(), { ...template, timeLimitMinutes: 120 }, gpuPartition)).toMatchObject({ time: 2, timeUnit: 'hour' });
  });

  it('asks for no GPUs from a template on a partition without them', () => {
    expect(withTemplate(filled(), template, cpuPartition).gpus).toBe(0);
    expect(withTemplate(filled(), template, undefined).gpus).toBe(0);
  });

  it('has no errors when it fits the form and the partition', () => {
    expect(draftErrors(withTemplate(filled(), template, gpuPartition), gpuPartition)).toEqual({});
  });

  it('names every field the form or the contract refuses, in Chinese', () => {
    expect(draftErrors(filled({ name: ' ', outputFile: '', workDir: ' ', script: '  ' }), gpuPartition)).toEqual({
      name: '请输入作业名称',
      outputFile: '请输入输出文件名',
      workDir: '请输入工作目录',
      script: '请填写作业脚本',
    });
    expect(draftErrors(filled({ name: 'a b', outputFile: 'out/1.log', script: 'x'.repeat(65_537) }), gpuPartition)).toEqual({
      name: '作业名称为1-64位字母、数字、中文、下划线、点或短横线',
      outputFile: '输出文件名只能含字母、数字、下划线、点、短横线与 %j',
      script: '作业脚本不能超过64KB',
    });
    expect(draftErrors(filled({ name: 'n'.repeat(65) }), gpuPartition).name).toBeDefined();
    expect(draftErrors(filled({ name: 'n'.repeat(64), script: 'x'.repeat(65_536) }), gpuPartition)).toEqual({});
    expect(draftErrors(filled(), undefined)).toEqual({ partition: '请选择分区' });
  });

  it('holds the job to the partition’s limits per job', () => {
    const tooBig = filled({ nodes: 3, tasks: 3, cpusPerTask: 22, gpus: 5, memory: 257, memoryUnit: 'GB', time: 4, timeUnit: 'day' });
    expect(draftErrors(tooBig, gpuPartition)).toEqual({
      nodes: '该分区单作业最多 2 个节点',
      cores: '任务数 × 每任务CPU数为 66，该分区单作业最多 64 核',
      gpus: '该分区单作业最多 4 张GPU',
      memory: '该分区单作业最多 256GB 内存',
      time: '该分区最长运行 3天',
    });
    expect(draftErrors(filled({ gpus: 1 }), cpuPartition)).toEqual({ gpus: '该分区没有GPU' });
    expect(draftErrors(filled({ nodes: 2, tasks: 1 }), gpuPartition)).toEqual({ cores: '任务数不能少于节点数' });
    expect(
      draftErrors(
        filled({ nodes: 2, tasks: 2, cpusPerTask: 32, gpus: 4, memory: 256, memoryUnit: 'GB', time: 3, timeUnit: 'day' }),
        gpuPartition,
      ),
    ).toEqual({});
  });
});
