import { describe, expect, it } from 'vitest';
import { durationSeconds, endedJobOf, fieldsOf, gpusOfGres, jobStateOf, slurmMessage, slurmTime, utcOffsetOf } from './slurm-output.js';

// Lines as Slurm 22.05 printed them on the test cluster (slurm-cluster.ts).
const jobcompFailed =
  'JobId=1 UserId=t42a(1001) GroupId=t42a(1001) Name=my job JobState=FAILED Partition=gpu TimeLimit=60 ' +
  'StartTime=2026-11-23T12:23:18 EndTime=2026-11-23T12:23:20 NodeList=node1 NodeCnt=1 ProcCnt=2 WorkDir=/tmp/rc slurm ' +
  'ReservationName= Tres=cpu=2,mem=100M,node=1,billing=2,gres/gpu=1 Account= QOS= WcKey= Cluster=unknown ' +
  'SubmitTime=2026-11-23T12:23:16 EligibleTime=2026-11-23T12:23:16 DerivedExitCode=0:0 ExitCode=3:0 ';
const jobcompCancelledPending =
  'JobId=7 UserId=t42a(1001) GroupId=t42a(1001) Name=x JobState=CANCELLED Partition=cpu TimeLimit=10 ' +
  'StartTime=2026-11-23T12:30:00 EndTime=2026-11-23T12:30:00 NodeList=(null) NodeCnt=0 ProcCnt=0 WorkDir=/h ' +
  'ReservationName= Tres=cpu=1,mem=100M,node=1,billing=1 Account= QOS= WcKey= Cluster=unknown ' +
  'SubmitTime=2026-11-23T12:29:58 EligibleTime=2026-11-23T12:29:58 DerivedExitCode=0:0 ExitCode=0:0 ';
const scontrolCompleted =
  'JobId=3 JobName=name JobState=COMPLETED UserId=t42b(1002) GroupId=t42b(1002) MCS_label=N/A Priority=4294901759 ' +
  'JobState=COMPLETED Reason=None ExitCode=0:0 RunTime=00:00:04 SubmitTime=1795436596 StartTime=1795436598 ' +
  'EndTime=1795436602 Partition=gpu NodeList=node1 NumNodes=1 NumCPUs=2 NumTasks=1 TRES=cpu=2,mem=100M,node=1,billing=2 ' +
  'TresPerNode=gres:gpu:1 ';

describe('reading Slurm output', () => {
  it('reads an ended job from a completion log line, in the login node’s local time', () => {
    expect(endedJobOf(fieldsOf(jobcompFailed), 'jobcomp', 8 * 60)).toEqual({
      jobId: '1',
      unixName: 't42a',
      state: 'FAILED',
      reason: '',
      submittedAt: new Date('2026-11-23T04:23:16Z'),
      startedAt: new Date('2026-11-23T04:23:18Z'),
      endedAt: new Date('2026-11-23T04:23:20Z'),
      elapsedSeconds: 2,
      allocCpus: 2,
      allocGpus: 1,
      exitCode: 3,
    });
  });

  it('gives a job cancelled before it ran no start, cores or elapsed time', () => {
    expect(endedJobOf(fieldsOf(jobcompCancelledPending), 'jobcomp', 0)).toMatchObject({
      state: 'CANCELLED',
      startedAt: null,
      elapsedSeconds: 0,
      allocCpus: 0,
      exitCode: null,
    });
  });

  it('reads an ended job the controller still holds, its GPUs from what it asked per node, and the real state after a name posing as one', () => {
    expect(endedJobOf(fieldsOf(scontrolCompleted), 'scontrol', 0)).toMatchObject({
      jobId: '3',
      unixName: 't42b',
      state: 'COMPLETED',
      elapsedSeconds: 4,
      allocCpus: 2,
      allocGpus: 1,
      exitCode: 0,
    });
    const running = scontrolCompleted.replace('Priority=4294901759 JobState=COMPLETED', 'Priority=1 JobState=RUNNING');
    expect(endedJobOf(fieldsOf(running), 'scontrol', 0)).toBeNull();
  });

  it('keeps spaces inside a value and drops the padding between fields', () => {
    const node = fieldsOf('NodeName=node1 CoresPerSocket=1  CPUAlloc=2 OS=Linux 6.1 #1 SMP Partitions=cpu,gpu  BootTime=1');
    expect(node.get('OS')).toEqual(['Linux 6.1 #1 SMP']);
    expect(node.get('Partitions')).toEqual(['cpu,gpu']);
  });

  it('maps Slurm states, durations, times, GRES counts and refusals', () => {
    expect(jobStateOf('CANCELLED+', 'FAILED')).toBe('CANCELLED');
    expect(jobStateOf('CONFIGURING', 'FAILED')).toBe('RUNNING');
    expect(jobStateOf('BOOT_FAIL', 'RUNNING')).toBe('NODE_FAIL');
    expect(jobStateOf('SOMETHING_NEW', 'RUNNING')).toBe('RUNNING');
    expect(durationSeconds('1-02:03:04')).toBe(93_784);
    expect(durationSeconds('01:00:00')).toBe(3600);
    expect(durationSeconds('0:07')).toBe(7);
    expect(durationSeconds('UNLIMITED')).toBeNull();
    expect(slurmTime('1795436596')).toEqual(new Date(1795436596 * 1000));
    expect(slurmTime('Unknown')).toBeNull();
    expect(slurmTime('N/A')).toBeNull();
    expect(utcOffsetOf('+0800')).toBe(480);
    expect(utcOffsetOf('-0330')).toBe(-210);
    expect(gpusOfGres('gpu:2')).toBe(2);
    expect(gpusOfGres('gpu:a100:4(S:0-1),gpu:v100:2')).toBe(6);
    expect(gpusOfGres('gpu:1(IDX:0-1,3)')).toBe(1);
    expect(gpusOfGres('gres:gpu:1')).toBe(1);
    expect(gpusOfGres('(null)')).toBe(0);
    expect(slurmMessage('sbatch: error: Batch job submission failed: Requested node configuration is not available\n')).toBe(
      'Requested node configuration is not available',
    );
    expect(slurmMessage('scancel: error: Kill job error on job id 1: Access/permission denied\n')).toBe(
      'Kill job error on job id 1: Access/permission denied',
    );
  });
});
