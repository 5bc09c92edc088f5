import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { repoRoot } from './repo-root.js';

const minute = 60_000;
const hour = 60 * minute;
const MiB = 1024 * 1024;
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every environment variable the server reads, as the values it takes once read. A refused value
 * stops the server with "<NAME> must be <description>, got "<value>"".
 */
const Env = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080, description: 'a port number from 0 to 65535' }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0', description: 'a host name or address' }),
  DATA_DIR: Type.String({ minLength: 1, default: path.join(repoRoot, 'data'), description: 'a folder' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://', description: 'a redis:// URL' })),
  REPLICA_ID: Type.Optional(
    Type.String({ pattern: '^[\\x21-\\x7e]{1,100}$', description: 'a name of up to 100 visible ASCII characters' }),
  ),
  TRUST_PROXY: Type.Optional(
    Type.String({ pattern: '^[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*$', description: 'addresses or CIDR ranges, comma-separated' }),
  ),
  METERING_INTERVAL_MS: Type.Integer({
    minimum: 100,
    maximum: 3_600_000,
    default: 30_000,
    description: 'milliseconds from 100 to 3600000',
  }),
  METRICS_INTERVAL_MS: Type.Integer({
    minimum: 1000,
    maximum: 3_600_000,
    default: 15_000,
    description: 'milliseconds from 1000 to 3600000',
  }),
  LEADER_RETRY_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 2_000, description: 'milliseconds from 100 to 600000' }),
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 10_000, description: 'milliseconds from 100 to 600000' }),
  CLOCK_FILE: Type.Optional(Type.String({ minLength: 1, description: 'the path of a file holding an ISO time' })),
  WEB_ROOT: Type.String({ minLength: 1, default: path.join(repoRoot, 'dist/web'), description: 'a folder' }),
  LOG_LEVEL: Type.Union(
    logLevels.map((level) => Type.Literal(level)),
    { default: 'info', description: `one of ${logLevels.join(', ')}` },
  ),
  SEED_DEMO_DATA: Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'true', description: 'true or false' }),
  COMPUTE_DRIVER: Type.Union([Type.Literal('simulated'), Type.Literal('podman'), Type.Literal('kubernetes')], {
    default: 'simulated',
    description: 'a known compute driver (simulated, podman or kubernetes)',
  }),
  SIMULATED_SPEED: Type.Integer({ minimum: 1, maximum: 60, default: 1, description: 'a whole number from 1 to 60' }),
  SIMULATED_WEB_TARGET: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9.-]+:[0-9]{1,5}$', maxLength: 260, description: 'a host:port' })),
  PODMAN_SOCKET: Type.Optional(Type.String({ minLength: 1, description: 'the path of a Podman API socket' })),
  SYSTEM_DISK_LIMIT: Type.Union([Type.Literal('quota'), Type.Literal('loop')], { default: 'quota', description: 'quota or loop' }),
  KUBECONFIG: Type.Optional(Type.String({ minLength: 1, description: 'the path of a kubeconfig file' })),
  K8S_NAMESPACE: Type.String({
    pattern: '^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$',
    default: 'default',
    description: 'a Kubernetes namespace name',
  }),
  K8S_STORAGE_CLASS: Type.Optional(Type.String({ pattern: '^[a-z0-9]([-.a-z0-9]{0,251}[a-z0-9])?$', description: 'a storage class name' })),
  K8S_SSH_SERVICE_TYPE: Type.Union([Type.Literal('ClusterIP'), Type.Literal('NodePort')], {
    default: 'ClusterIP',
    description: 'ClusterIP or NodePort',
  }),
  K8S_IMAGE_REGISTRY: Type.Optional(
    Type.String({ pattern: '^[^/\\s]+(/[^/\\s]+)*$', description: 'a registry host and optional path, without a trailing slash' }),
  ),
  K8S_GPU_MODEL_LABEL: Type.String({ minLength: 1, maxLength: 316, default: 'suanli.io/gpu-model', description: 'a node label key' }),
  K8S_REGION_LABEL: Type.String({
    minLength: 1,
    maxLength: 316,
    default: 'topology.kubernetes.io/region',
    description: 'a node label key',
  }),
  INSTANCE_PAGES_ORIGIN: Type.Optional(
    Type.String({
      pattern: '^https?://(?=[^/]*\\{id\\})(?=[^/]*\\{port\\})[A-Za-z0-9.{}:-]+$',
      maxLength: 200,
      description: 'an http(s):// origin whose host holds {id} and {port}',
    }),
  ),
  SSH_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 2222, description: 'a port number from 0 to 65535' }),
  SSH_PUBLIC_HOST: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'a host name or address' })),
  INVOICE_PROVIDER: Type.Union([Type.Literal('local')], { default: 'local', description: 'a known invoice provider (local)' }),
  PAYOUT_PROVIDER: Type.Union([Type.Literal('sandbox')], { default: 'sandbox', description: 'a known payout provider (sandbox)' }),
  VIDEO_TRANSCODER: Type.Union([Type.Literal('auto'), Type.Literal('ffmpeg'), Type.Literal('none')], {
    default: 'auto',
    description: 'auto, ffmpeg or none',
  }),
  RELEASE_AFTER_STOPPED_DAYS: Type.Number({ exclusiveMinimum: 0, default: 15, description: 'a positive number' }),
  TRASH_RETENTION_DAYS: Type.Number({ exclusiveMinimum: 0, default: 7, description: 'a positive number' }),
  SEARCH_RANKED_MATCHES: Type.Integer({ minimum: 1, maximum: 100_000, default: 1000, description: 'a positive integer' }),
  FILE_STORAGE_QUOTA_FILES: Type.Integer({ minimum: 1, maximum: 2_147_483_647, default: 200_000, description: 'a positive integer' }),
  HPC_SFTP_HOST: Type.Optional(Type.String({ minLength: 1, description: 'a host name or address' })),
  HPC_SFTP_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 22, description: 'a port number from 1 to 65535' }),
  HPC_SFTP_USER: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'an account name' })),
  HPC_SFTP_KEY: Type.Optional(Type.String({ minLength: 1, description: 'a PEM/OpenSSH private key or the path of one' })),
  HPC_SFTP_HOME: Type.String({
    pattern: '\\{userId\\}',
    maxLength: 255,
    default: 'rc-files/{userId}',
    description: 'a folder containing {userId}',
  }),
  HPC_SFTP_NAME: Type.String({ minLength: 1, maxLength: 60, default: 'HPC集群', description: 'a cluster name' }),
  HPC_SCHEDULER: Type.Union([Type.Literal('simulated'), Type.Literal('slurm')], {
    default: 'simulated',
    description: 'a known HPC scheduler (simulated or slurm)',
  }),
  HPC_ACCOUNT_PREFIX: Type.String({
    pattern: '^[a-z][a-z0-9]{0,11}$',
    default: 'hpc',
    description: 'a lowercase account name prefix of up to 12 characters',
  }),
  HPC_SCRATCH: Type.String({
    pattern: '\\{account\\}',
    maxLength: 255,
    default: '/scratch/{account}',
    description: 'a folder containing {account}',
  }),
  HPC_SLURM_CONF: Type.Optional(Type.String({ pattern: '^/', maxLength: 255, description: 'an absolute path on the login node' })),
  HPC_SLURM_JOBCOMP_LOG: Type.String({
    pattern: '^/',
    maxLength: 255,
    default: '/var/log/slurm/jobcomp.log',
    description: 'an absolute path on the login node',
  }),
  STORAGE_QUOTA_BYTES: Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    default: 20 * 1024 * MiB,
    description: 'a positive integer',
  }),
  UPLOAD_MAX_CHUNK_BYTES: Type.Integer({
    minimum: 64 * 1024,
    maximum: Number.MAX_SAFE_INTEGER,
    default: 32 * MiB,
    description: 'an integer of at least 65536',
  }),
  UPLOAD_SIGNING_SECRET: Type.Optional(Type.String({ description: 'a string' })),
  QUOTE_SIGNING_SECRET: Type.Optional(Type.String({ description: 'a string' })),
  FAULT_DROP_CHUNK_RATIO: Type.Number({
    minimum: 0,
    exclusiveMaximum: 1,
    default: 0,
    description: 'a number from 0 up to but not including 1',
  }),
  PAYMENT_SANDBOX: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true or false' })),
  PAYMENT_PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://', description: 'an http(s):// URL' })),
  ALIPAY_APP_ID: Type.Optional(Type.String({ minLength: 1, description: 'an app id' })),
  ALIPAY_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 1, description: 'a PEM key or the path of one' })),
  ALIPAY_PUBLIC_KEY: Type.Optional(Type.String({ minLength: 1, description: 'a PEM key or the path of one' })),
  ALIPAY_GATEWAY: Type.String({
    pattern: '^https?://',
    default: 'https://openapi.alipay.com/gateway.do',
    description: 'an http(s):// URL',
  }),
  WECHATPAY_MCH_ID: Type.Optional(Type.String({ minLength: 1, description: 'a merchant id' })),
  WECHATPAY_APP_ID: Type.Optional(Type.String({ minLength: 1, description: 'an app id' })),
  WECHATPAY_SERIAL_NO: Type.Optional(Type.String({ minLength: 1, description: 'a certificate serial number' })),
  WECHATPAY_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 1, description: 'a PEM key or the path of one' })),
  WECHATPAY_API_V3_KEY: Type.Optional(Type.String({ minLength: 32, maxLength: 32, description: 'a 32-character key' })),
  WECHATPAY_PLATFORM_PUBLIC_KEY: Type.Optional(Type.String({ minLength: 1, description: 'a PEM key or the path of one' })),
  WECHATPAY_PLATFORM_SERIAL: Type.Optional(Type.String({ minLength: 1, description: 'a public key id or certificate serial number' })),
  WECHATPAY_BASE_URL: Type.String({ pattern: '^https?://', default: 'https://api.mch.weixin.qq.com', description: 'an http(s):// URL' }),
  BLOB_STORE: Type.Union([Type.Literal('local'), Type.Literal('s3')], { default: 'local', description: 'local or s3' }),
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://', description: 'an http(s):// URL' })),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1', description: 'a region name' }),
  S3_BUCKET: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$', description: 'a bucket name' })),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1, description: 'an access key id' })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1, description: 'a secret access key' })),
  NET_DISK_LIMIT: Type.Union([Type.Literal('none'), Type.Literal('loop')], { default: 'none', description: 'none or loop' }),
  CLOUD_DISK_QUOTA_BYTES: Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    default: 100 * 1024 * MiB,
    description: 'a positive integer',
  }),
  S3_FORCE_PATH_STYLE: Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'false', description: 'true or false' }),
  BACKUP_DIR: Type.Optional(Type.String({ minLength: 1, description: 'a folder' })),
  BACKUP_INTERVAL_HOURS: Type.Number({
    exclusiveMinimum: 0,
    maximum: 8760,
    default: 24,
    description: 'a positive number of hours up to 8760',
  }),
  BACKUP_KEEP: Type.Integer({ minimum: 1, maximum: 10_000, default: 7, description: 'an integer from 1 to 10000' }),
});
type Env = Static<typeof Env>;
type EnvName = keyof typeof Env.properties;
/** The name of every environment variable the server reads (docs/settings.md lists each). */
export const settingNames = Object.keys(Env.properties) as EnvName[];
const checkEnv = Compile(Env);

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface ComputeSettings {
  /** Which compute driver runs every instance operation. */
  driver: Env['COMPUTE_DRIVER'];
  /** A stopped pay-as-you-go instance is released after this many days, warned `releaseWarningDays` before. */
  releaseAfterStoppedDays: number;
  releaseWarningDays: number;
  /** The scheduler advances transitions this often, and settles metering at least every `meteringIntervalMs`. */
  transitionIntervalMs: number;
  meteringIntervalMs: number;
  /** Rows per metering statement. */
  meteringBatchSize: number;
  /** Running instances' use is sampled this often and kept for `metricsRetentionMs`. */
  metricsIntervalMs: number;
  metricsRetentionMs: number;
  /** A running instance's disks are read (through the driver, which may walk its files) at most this often. */
  diskReadingIntervalMs: number;
  /** The simulated pool's stand-in for every instance's web ports (SIMULATED_WEB_TARGET); unset, they have none. */
  simulatedWebTarget: { host: string; port: number } | undefined;
  /** The simulated pool's operations take 1/this of their usual time (SIMULATED_SPEED): demos and tests that wait on them. */
  simulatedSpeed: number;
  /** The Podman API socket (PODMAN_SOCKET); when unset the server starts `podman system service` under DATA_DIR/podman. */
  podmanSocket: string | undefined;
  /**
   * How the Podman driver caps a container's writable layer (SYSTEM_DISK_LIMIT) where Podman's storage quota cannot
   * (anything but XFS with project quotas): `loop`, an ext4 image of the system disk's size mounted under the layer
   * (root); `quota`, only that quota, else no cap.
   */
  systemDiskLimit: Env['SYSTEM_DISK_LIMIT'];
  kubernetes: KubernetesSettings;
}

/** Where and how the Kubernetes driver (COMPUTE_DRIVER=kubernetes) makes each instance's pod, claim and service. */
export interface KubernetesSettings {
  /** The kubeconfig file (KUBECONFIG); unset, the server uses the service account of the pod it runs in. */
  kubeconfig: string | undefined;
  namespace: string;
  /** The storage class of data-disk claims; unset, the cluster's default. */
  storageClass: string | undefined;
  /** How the SSH service of an instance is exposed. */
  sshServiceType: 'ClusterIP' | 'NodePort';
  /** Pulls images named `localhost/...` (the ones `npm run images` builds) from this registry instead. */
  imageRegistry: string | undefined;
  /** The node labels whose values must be the pool's GPU model code and region code. */
  gpuModelLabel: string;
  regionLabel: string;
}

/** The SSH gateway into instances. */
export interface SshSettings {
  /** SSH_PORT; 0 takes a free port (tests). */
  port: number;
  /** The host users connect to (SSH_PUBLIC_HOST); null shows each node's own host. */
  publicHost: string | null;
}

export interface UploadSettings {
  /** Bytes a user may hold: stored files plus the declared size of uploads in progress. */
  quotaBytes: number;
  /** An upload without a new chunk for this long is removed with its chunks. */
  abandonedAfterMs: number;
  cleanupIntervalMs: number;
  presignedUrlTtlMs: number;
  /** The key that signs presigned chunk URLs; unset, one is kept in the data folder. */
  signingSecret: string | undefined;
  minChunkSize: number;
  maxChunkSize: number;
  maxChunks: number;
  /** For resilience tests: the share of chunk requests whose connection is cut before an answer. */
  faultInjection: { dropChunkRatio: number };
}

export interface SftpClusterSettings {
  name: string;
  host: string;
  port: number;
  username: string;
  privateKey: string;
  /** Each user's home on the cluster, `{userId}` filled in; relative to the account's login folder unless absolute. */
  homeTemplate: string;
}

export interface StorageSettings {
  /** Days a deleted file stays in the trash of its network disk or file storage. */
  trashRetentionDays: number;
  /** What each user may keep on a cluster the server adds itself (the local default, the one from HPC_SFTP_*). */
  fileStorageQuota: { bytes: number; files: number };
  /** An HPC cluster reached over SFTP, added at startup when HPC_SFTP_HOST, HPC_SFTP_USER and HPC_SFTP_KEY are set. */
  sftpCluster: SftpClusterSettings | undefined;
  /**
   * How a network disk's size holds inside instances (NET_DISK_LIMIT): `loop`, its folder is an ext4 image of that
   * size loop-mounted by this server (root); `none`, a plain folder whose quota only the portal's own writes keep.
   */
  netDiskLimit: Env['NET_DISK_LIMIT'];
}

/** Batch jobs on the HPC clusters. */
export interface HpcSettings {
  /** Who runs the jobs of the SFTP cluster (HPC_SCHEDULER); the local cluster's are always simulated. */
  scheduler: Env['HPC_SCHEDULER'];
  /** Unix account names on a cluster are this prefix and the user's id (hpc42). */
  accountPrefix: string;
  /** Each account's scratch folder on the login node, `{account}` filled in. */
  scratchTemplate: string;
  /** The portal reads job states from the schedulers this often, and charges the jobs that ended. */
  syncIntervalMs: number;
  /** slurm.conf on the login node (HPC_SLURM_CONF), when the Slurm tools there do not find it themselves. */
  slurmConf: string | undefined;
  /** The controller's job completion log on the login node (HPC_SLURM_JOBCOMP_LOG), where ended jobs are read. */
  slurmJobcompLog: string;
}
/** An S3-compatible object store (AWS S3, MinIO, s3rver...) holding every blob in one bucket. */
export interface S3Settings {
  /** Unset: AWS S3 of `region`. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

export type BlobSettings = { store: 'local' } | { store: 's3'; s3: S3Settings };

export interface AlipaySettings {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}

export interface WechatpaySettings {
  mchId: string;
  appId: string;
  /** The serial number of the merchant's API certificate, named in every request's signature. */
  serialNo: string;
  privateKey: string;
  apiV3Key: string;
  /** WeChat Pay's public key (or platform certificate key) that signs its answers and notifications, and its id. */
  platformPublicKey: string;
  platformSerial: string;
  baseUrl: string;
}

export interface PaymentSettings {
  /** The portal's address as the providers reach it, for their notifications and the return page; unset, the sandbox alone works. */
  publicUrl: string | undefined;
  /**
   * The sandbox cashier credits whoever confirms it, so it is a demo feature: on only on a demo site (SEED_DEMO_DATA)
   * or when PAYMENT_SANDBOX=true, and never beside a real provider (their keys turn it off; PAYMENT_SANDBOX=true with them is refused).
   */
  sandbox: boolean;
  /** A provider is on only when all its keys are configured. */
  alipay: AlipaySettings | undefined;
  wechatpay: WechatpaySettings | undefined;
  /** An unpaid recharge closes this long after it was created. */
  unpaidTimeoutMs: number;
  closeIntervalMs: number;
}

export interface QuoteSettings {
  /** The key that signs price quotes; unset, one is kept in the data folder. */
  signingSecret: string | undefined;
  /** How long a quoted amount can be confirmed. */
  ttlMs: number;
}

/** Backups the scheduler leader writes on its own (`npm run backup` makes one by hand). */
export interface BackupSettings {
  /** Where they are written (BACKUP_DIR); unset, none are. */
  dir: string | undefined;
  /** A backup is due when the newest in `dir` is this old (BACKUP_INTERVAL_HOURS). */
  intervalMs: number;
  /** The newest this many are kept, older ones removed (BACKUP_KEEP). */
  keep: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where replicas share session-cache versions, rate-limit counters, the API cache and pushed events; unset, one process keeps them. */
  redisUrl: string | undefined;
  /** Names this process in the X-Served-By header of every answer (REPLICA_ID; default host name:port). */
  replicaId: string;
  /** Proxies (nginx) whose X-Forwarded-For names the client (TRUST_PROXY); none by default. */
  trustProxy: string[];
  /** A follower asks for the scheduler lock this often, and the leader checks it holds it (LEADER_RETRY_MS). */
  leaderRetryMs: number;
  /** On SIGTERM or SIGINT, requests still running this long after are cut off (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** For drills and tests across processes: the server's time is the ISO time this file holds (CLOCK_FILE). */
  clockFile: string | undefined;
  webRoot: string;
  logLevel: Env['LOG_LEVEL'];
  sessionTtlMs: number;
  /** A search ranks and counts only the newest this many matches; beyond them its count is an estimate (SEARCH_RANKED_MATCHES). */
  searchRankedMatches: number;
  /** Server push (`/apis/user/auth/events`): a comment line this often keeps proxies from closing a quiet stream; the browser retries after `retryMs`. */
  push: { heartbeatMs: number; retryMs: number };
  smsCodeTtlMs: number;
  smsCodeMaxAttempts: number;
  rateLimits: {
    loginPerIp: RateLimitRule;
    /** Wrong passwords for one mobile from one IP. */
    loginPerMobileIp: RateLimitRule;
    /** Wrong passwords for one mobile from every IP (a guess spread over many); SMS-code login still works. */
    loginPerMobile: RateLimitRule;
    sendCodePerIp: RateLimitRule;
    sendCodePerMobile: RateLimitRule;
    /** Attempts of one main account to add a sub-account. */
    addSubUserPerAccount: RateLimitRule;
    /** Posts, questions and shared images of one user; the stricter rule while the account is younger than a day. */
    communityPost: RateLimitRule;
    communityPostNewAccount: RateLimitRule;
    /** Comments and answers of one user; likewise. */
    communityComment: RateLimitRule;
    communityCommentNewAccount: RateLimitRule;
    /** Wrong passwords at the SSH gateway from one client address, and for one instance named as `root.<id>`. */
    sshPasswordPerIp: RateLimitRule;
    sshPasswordPerInstance: RateLimitRule;
    /** Calls made with one API key (`Authorization: Bearer`), counted apart from the portal's sessions. */
    apiKey: RateLimitRule;
    /** Wrong 提取码 of one share link from one address, and of every share link from one address. */
    shareCodePerLinkIp: RateLimitRule;
    shareCodePerIp: RateLimitRule;
  };
  maxSubAccounts: number;
  seedDemoData: boolean;
  compute: ComputeSettings;
  ssh: SshSettings;
  /**
   * The origin of every page served from inside an instance (INSTANCE_PAGES_ORIGIN), `{id}` and `{port}` filled in:
   * never the portal's own, so those pages cannot reach the portal's session.
   */
  instancePagesOrigin: string;
  uploads: UploadSettings;
  storage: StorageSettings;
  hpc: HpcSettings;
  /** Where uploaded bytes live (BLOB_STORE). */
  blobs: BlobSettings;
  /** Each user's cloud disk per region: its capacity (its price is the site's `cloudDiskPrice`, storage/storage-terms.ts). */
  cloudDisk: { quotaBytes: number };
  payments: PaymentSettings;
  /** Which payout provider pays approved withdrawals. */
  payoutProvider: Env['PAYOUT_PROVIDER'];
  quotes: QuoteSettings;
  /** Who issues electronic invoices after review (INVOICE_PROVIDER). */
  invoices: { provider: Env['INVOICE_PROVIDER'] };
  /** How uploaded videos are probed and transcoded to HLS (VIDEO_TRANSCODER): auto uses ffmpeg when it runs. */
  videoTranscoder: Env['VIDEO_TRANSCODER'];
  backups: BackupSettings;
}

export const defaultRateLimits: AppConfig['rateLimits'] = {
  loginPerIp: { max: 30, windowMs: minute },
  loginPerMobileIp: { max: 10, windowMs: 15 * minute },
  loginPerMobile: { max: 100, windowMs: 15 * minute },
  sendCodePerIp: { max: 20, windowMs: 60 * minute },
  sendCodePerMobile: { max: 1, windowMs: minute },
  addSubUserPerAccount: { max: 10, windowMs: 60 * minute },
  communityPost: { max: 10, windowMs: 60 * minute },
  communityPostNewAccount: { max: 3, windowMs: 60 * minute },
  communityComment: { max: 30, windowMs: 10 * minute },
  communityCommentNewAccount: { max: 5, windowMs: 10 * minute },
  sshPasswordPerIp: { max: 10, windowMs: 15 * minute },
  sshPasswordPerInstance: { max: 10, windowMs: 15 * minute },
  apiKey: { max: 600, windowMs: minute },
  shareCodePerLinkIp: { max: 5, windowMs: 10 * minute },
  shareCodePerIp: { max: 30, windowMs: 60 * minute },
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The variables as strings, an empty one counting as unset; numbers are read in plain decimal notation only. */
function readEnv(env: Readonly<Record<string, string | undefined>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(Env.properties)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const { type } = schema as { type?: string };
    const numeric = type === 'integer' || type === 'number';
    values[name] = numeric && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return values;
}

function validEnv(env: Readonly<Record<string, string | undefined>>): Env {
  const values = Value.Default(Env, readEnv(env));
  if (checkEnv.Check(values)) return values;
  const [error] = checkEnv.Errors(values);
  const name = error!.instancePath.split('/')[1] as EnvName;
  const { description } = Env.properties[name] as { description?: string };
  throw new ConfigError(`${name} must be ${description}, got "${env[name]}"`);
}

/** The whole configuration from environment variables (unset ones take their defaults); throws ConfigError naming a refused variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): AppConfig {
  const e = validEnv(env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    replicaId: e.REPLICA_ID ?? `${os.hostname()}:${e.PORT}`,
    trustProxy: e.TRUST_PROXY?.split(',') ?? [],
    leaderRetryMs: e.LEADER_RETRY_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    clockFile: e.CLOCK_FILE && path.resolve(e.CLOCK_FILE),
    webRoot: path.resolve(e.WEB_ROOT),
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: 24 * hour,
    searchRankedMatches: e.SEARCH_RANKED_MATCHES,
    push: { heartbeatMs: 20_000, retryMs: 3_000 },
    smsCodeTtlMs: 5 * minute,
    smsCodeMaxAttempts: 5,
    rateLimits: defaultRateLimits,
    maxSubAccounts: 20,
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    compute: {
      driver: e.COMPUTE_DRIVER,
      releaseAfterStoppedDays: e.RELEASE_AFTER_STOPPED_DAYS,
      releaseWarningDays: 3,
      transitionIntervalMs: 1_000,
      meteringIntervalMs: e.METERING_INTERVAL_MS,
      meteringBatchSize: 100_000,
      metricsIntervalMs: e.METRICS_INTERVAL_MS,
      metricsRetentionMs: 7 * 24 * hour,
      diskReadingIntervalMs: 5 * minute,
      simulatedWebTarget: hostAndPort(e.SIMULATED_WEB_TARGET),
      simulatedSpeed: e.SIMULATED_SPEED,
      podmanSocket: e.PODMAN_SOCKET,
      systemDiskLimit: e.SYSTEM_DISK_LIMIT,
      kubernetes: {
        kubeconfig: e.KUBECONFIG,
        namespace: e.K8S_NAMESPACE,
        storageClass: e.K8S_STORAGE_CLASS,
        sshServiceType: e.K8S_SSH_SERVICE_TYPE,
        imageRegistry: e.K8S_IMAGE_REGISTRY,
        gpuModelLabel: e.K8S_GPU_MODEL_LABEL,
        regionLabel: e.K8S_REGION_LABEL,
      },
    },
    ssh: { port: e.SSH_PORT, publicHost: e.SSH_PUBLIC_HOST ?? (e.COMPUTE_DRIVER === 'podman' ? 'localhost' : null) },
    instancePagesOrigin: e.INSTANCE_PAGES_ORIGIN ?? `http://{id}-{port}.apps.localhost:${e.PORT}`,
    uploads: {
      quotaBytes: e.STORAGE_QUOTA_BYTES,
      abandonedAfterMs: 24 * hour,
      cleanupIntervalMs: hour,
      presignedUrlTtlMs: 6 * hour,
      signingSecret: e.UPLOAD_SIGNING_SECRET,
      minChunkSize: 64 * 1024,
      maxChunkSize: e.UPLOAD_MAX_CHUNK_BYTES,
      maxChunks: 10_000,
      faultInjection: { dropChunkRatio: e.FAULT_DROP_CHUNK_RATIO },
    },
    storage: {
      trashRetentionDays: e.TRASH_RETENTION_DAYS,
      fileStorageQuota: { bytes: e.STORAGE_QUOTA_BYTES, files: e.FILE_STORAGE_QUOTA_FILES },
      sftpCluster: sftpClusterSettings(e),
      netDiskLimit: e.NET_DISK_LIMIT,
    },
    hpc: {
      scheduler: e.HPC_SCHEDULER,
      accountPrefix: e.HPC_ACCOUNT_PREFIX,
      scratchTemplate: e.HPC_SCRATCH,
      syncIntervalMs: 5_000,
      slurmConf: e.HPC_SLURM_CONF,
      slurmJobcompLog: e.HPC_SLURM_JOBCOMP_LOG,
    },
    blobs: replicaBlobSettings(e),
    cloudDisk: { quotaBytes: e.CLOUD_DISK_QUOTA_BYTES },
    payments: paymentSettings(e),
    payoutProvider: e.PAYOUT_PROVIDER,
    quotes: { signingSecret: e.QUOTE_SIGNING_SECRET, ttlMs: 5 * minute },
    invoices: { provider: e.INVOICE_PROVIDER },
    videoTranscoder: e.VIDEO_TRANSCODER,
    backups: { dir: e.BACKUP_DIR && path.resolve(e.BACKUP_DIR), intervalMs: e.BACKUP_INTERVAL_HOURS * hour, keep: e.BACKUP_KEEP },
  };
}

function hostAndPort(value: string | undefined) {
  if (!value) return undefined;
  const separator = value.lastIndexOf(':');
  return { host: value.slice(0, separator), port: Number(value.slice(separator + 1)) };
}

/** A PEM key given inline, or read from the file it names. */
function pemOf(value: string): string {
  return value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : fs.readFileSync(value, 'utf8');
}

function sftpClusterSettings(e: Env): SftpClusterSettings | undefined {
  if (!e.HPC_SFTP_HOST || !e.HPC_SFTP_USER || !e.HPC_SFTP_KEY) return undefined;
  return {
    name: e.HPC_SFTP_NAME,
    host: e.HPC_SFTP_HOST,
    port: e.HPC_SFTP_PORT,
    username: e.HPC_SFTP_USER,
    privateKey: pemOf(e.HPC_SFTP_KEY),
    homeTemplate: e.HPC_SFTP_HOME,
  };
}

function blobSettings(e: Env): BlobSettings {
  if (e.BLOB_STORE === 'local') return { store: 'local' };
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  const missing = Object.entries({ S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey })
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (!bucket || !accessKeyId || !secretAccessKey) throw new ConfigError(`BLOB_STORE=s3 needs ${missing.join(', ')} as well`);
  const s3 = {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
  return { store: 's3', s3 };
}

/** REDIS_URL is what makes servers replicas of one site; each would keep uploads in its own DATA_DIR, which the others cannot read. */
function replicaBlobSettings(e: Env): BlobSettings {
  const blobs = blobSettings(e);
  if (e.REDIS_URL && blobs.store === 'local') {
    throw new ConfigError(
      'REDIS_URL makes this server one of several replicas, and replicas need BLOB_STORE=s3 (with BLOB_STORE=local each keeps ' +
        'uploaded files in its own DATA_DIR, where the others cannot read them): set BLOB_STORE=s3 and S3_*, or unset REDIS_URL for a single server',
    );
  }
  return blobs;
}

function paymentSettings(e: Env): PaymentSettings {
  const alipay = alipaySettings(e);
  const wechatpay = wechatpaySettings(e);
  const realProviders = [alipay && 'Alipay (ALIPAY_*)', wechatpay && 'WeChat Pay (WECHATPAY_*)'].filter(Boolean);
  if (realProviders.length && e.PAYMENT_SANDBOX === 'true') {
    throw new ConfigError(
      `PAYMENT_SANDBOX=true cannot be set together with the keys of ${realProviders.join(' and ')}: the sandbox cashier credits ` +
        'any recharge without moving money, so a site that takes real payments must not offer it. Unset PAYMENT_SANDBOX',
    );
  }
  return {
    sandbox: realProviders.length === 0 && (e.PAYMENT_SANDBOX ?? e.SEED_DEMO_DATA) === 'true',
    publicUrl: e.PAYMENT_PUBLIC_URL?.replace(/\/+$/, ''),
    alipay,
    wechatpay,
    unpaidTimeoutMs: 30 * minute,
    closeIntervalMs: minute,
  };
}

function alipaySettings(e: Env): AlipaySettings | undefined {
  if (!e.ALIPAY_APP_ID || !e.ALIPAY_PRIVATE_KEY || !e.ALIPAY_PUBLIC_KEY) return undefined;
  return {
    appId: e.ALIPAY_APP_ID,
    privateKey: pemOf(e.ALIPAY_PRIVATE_KEY),
    alipayPublicKey: pemOf(e.ALIPAY_PUBLIC_KEY),
    gateway: e.ALIPAY_GATEWAY,
  };
}

function wechatpaySettings(e: Env): WechatpaySettings | undefined {
  const { WECHATPAY_MCH_ID: mchId, WECHATPAY_APP_ID: appId, WECHATPAY_SERIAL_NO: serialNo, WECHATPAY_API_V3_KEY: apiV3Key } = e;
  const { WECHATPAY_PRIVATE_KEY: privateKey, WECHATPAY_PLATFORM_PUBLIC_KEY: platformKey, WECHATPAY_PLATFORM_SERIAL: platformSerial } = e;
  if (!mchId || !appId || !serialNo || !apiV3Key || !privateKey || !platformKey || !platformSerial) return undefined;
  return {
    mchId,
    appId,
    serialNo,
    privateKey: pemOf(privateKey),
    apiV3Key,
    platformPublicKey: pemOf(platformKey),
    platformSerial,
    baseUrl: e.WECHATPAY_BASE_URL.replace(/\/+$/, ''),
  };
}
