// Shapes answered by the compute calls (api-server/src/compute/instance-view.ts).
export type Operation =
  | 'start'
  | 'nonGpuStart'
  | 'stop'
  | 'scheduleStop'
  | 'release'
  | 'changeBilling'
  | 'liftConfig'
  | 'clone'
  | 'renew'
  | 'storageAdjust'
  | 'reset'
  | 'changeImage'
  | 'commit'
  | 'changeName';

export interface InstanceView {
  id: number;
  name: string;
  status: number;
  statusName: string;
  nextStatus: number | null;
  transitionAt: string | null;
  regionCode: string;
  regionName: string;
  nodeName: string;
  nodeGpuFree: number;
  gpuModelId: number;
  deviceName: string;
  gpuCount: number;
  gpuHeld: number;
  noGpu: boolean;
  cpu: number;
  memoryGb: number;
  billingType: number;
  billingName: string;
  hourPrice: number;
  dayRate: number;
  packageExpiresAt: string | null;
  releaseAt: string | null;
  stopAt: string | null;
  imageId: number;
  imageName: string;
  systemDiskGb: number;
  dataDiskGb: number;
  dataDiskExtraGb: number;
  ssh: { host: string; port: number; user: string; password: string; command: string };
  jupyterUrl: string;
  gmtCreate: string;
  operations: Record<Operation, { name: string; allowed: boolean; reason: string }>;
}

export interface ImageView {
  id: number;
  name: string;
  framework: string;
  frameworkVersion: string;
  python: string;
  cuda: string;
  os: string;
  sizeBytes: number;
  status: number;
  sourceInstanceId: number | null;
  gmtCreate: string;
}

export const statusColors: Record<number, 'green' | 'grey' | 'blue' | 'orange' | 'red'> = {
  0: 'blue',
  1: 'blue',
  2: 'green',
  3: 'orange',
  4: 'grey',
  5: 'orange',
  6: 'grey',
  7: 'blue',
  8: 'blue',
  9: 'red',
};

export const billingOptions = [
  { key: 1, value: 1, text: '按量计费' },
  { key: 2, value: 2, text: '包日' },
  { key: 3, value: 3, text: '包周' },
  { key: 4, value: 4, text: '包月' },
];
