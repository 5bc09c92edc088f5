import { api, type Page, type Paging } from '@rc/shared-utility';
import type { HpcAccountView } from '@rc/api-contract/hpc/account';
import type {
  HpcJobDetail,
  HpcJobEstimate,
  HpcJobOutcome,
  HpcJobOutput,
  HpcJobSubmitBody,
  HpcJobTemplate,
  HpcJobView,
} from '@rc/api-contract/hpc/job';
import type { HpcPartitionView } from '@rc/api-contract/hpc/resource';
import type { SftpOpenResult } from '@rc/api-contract/orion/sftp';

export type { HpcAccountView, HpcJobDetail, HpcJobOutput, HpcJobEstimate, HpcJobSubmitBody, HpcJobTemplate, HpcJobView, HpcPartitionView };

export type JobScope = 'active' | 'history';

const quiet = { cache: false, errorTip: false } as const;
const jobPath = (path: string) => `/hpc/auth/job/${path}`;

/** The caller's HPC account on every enabled cluster (status 2 is open). */
export const listHpcAccounts = () => api.get<HpcAccountView[]>('/hpc/auth/account/list', undefined, quiet);

/** A cluster's partitions with prices, per-job limits and the cores and GPUs free now. */
export const listClusterPartitions = (clusterId: number) => api.get<HpcPartitionView[]>('/hpc/auth/partition/list', { clusterId }, quiet);

export const listJobTemplates = () => api.get<HpcJobTemplate[]>(jobPath('templates'), undefined, { errorTip: false });

export const listJobs = (scope: JobScope, paging: Paging) => api.post<Page<HpcJobView>>(jobPath('list'), { ...paging, scope }, quiet);

export const viewJob = (id: number) => api.get<HpcJobDetail>(jobPath('view'), { id }, quiet);

/** The job's output file from its end (the last 512 KB), and whether the job still runs. */
export const readJobOutput = (id: number) => api.post<HpcJobOutput>(jobPath('output'), { id }, quiet);

/** The most the job can cost, what packages cover and the balance; quiet, the form shows why it failed. */
export const estimateJob = (body: HpcJobSubmitBody, signal?: AbortSignal) =>
  api.post<HpcJobEstimate>(jobPath('estimate'), body, { errorTip: false, signal });

export const jobCalls = {
  submit: (body: HpcJobSubmitBody) => api.post<HpcJobOutcome>(jobPath('submit'), body),
  cancel: (id: number) => api.post<HpcJobOutcome>(jobPath('cancel'), { id }),
  release: (id: number) => api.post<HpcJobOutcome>(jobPath('release'), { id }),
};

/** The cluster's file tree: its `home` is the root the file storage pages name paths under. */
export const openClusterFiles = (clusterId: number) => api.post<SftpOpenResult>('/orion/auth/sftp/open', { clusterId });
