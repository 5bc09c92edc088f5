import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRateLimits, loadConfig, settingNames } from './config.js';
import { repoRoot } from './repo-root.js';
import { serverCommand } from './test-support/server-command.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;

describe('loadConfig', () => {
  it('gives every documented default when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve(here, '../../data'),
      databaseUrl: undefined,
      webRoot: path.resolve(here, '../../dist/web'),
      logLevel: 'info',
      seedDemoData: true,
      rateLimits: defaultRateLimits,
      compute: { driver: 'simulated', releaseAfterStoppedDays: 15, releaseWarningDays: 3, simulatedSpeed: 1, metricsIntervalMs: 15_000 },
      uploads: { quotaBytes: 20 * 1024 * MiB, maxChunkSize: 32 * MiB, signingSecret: undefined, faultInjection: { dropChunkRatio: 0 } },
    });
  });

  it('reads every variable, and takes an empty one as unset', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'some/folder',
      DATABASE_URL: 'postgres://rc:secret@db:5432/rc',
      WEB_ROOT: '/srv/web',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      COMPUTE_DRIVER: 'simulated',
      RELEASE_AFTER_STOPPED_DAYS: '0.5',
      STORAGE_QUOTA_BYTES: '1048576',
      UPLOAD_MAX_CHUNK_BYTES: '65536',
      UPLOAD_SIGNING_SECRET: 'shared key',
      FAULT_DROP_CHUNK_RATIO: '0.25',
      SIMULATED_SPEED: '4',
      METRICS_INTERVAL_MS: '2000',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: path.resolve('some/folder'),
      databaseUrl: 'postgres://rc:secret@db:5432/rc',
      webRoot: '/srv/web',
      logLevel: 'warn',
      seedDemoData: false,
      compute: { driver: 'simulated', releaseAfterStoppedDays: 0.5, simulatedSpeed: 4, metricsIntervalMs: 2000 },
      uploads: { quotaBytes: MiB, maxChunkSize: 64 * 1024, signingSecret: 'shared key', faultInjection: { dropChunkRatio: 0.25 } },
    });
    expect(loadConfig({ PORT: '', DATABASE_URL: '', STORAGE_QUOTA_BYTES: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      uploads: { quotaBytes: 20 * 1024 * MiB },
    });
  });

  it('reads the Kubernetes settings, defaulting to in-cluster credentials in the default namespace', () => {
    expect(loadConfig({ COMPUTE_DRIVER: 'kubernetes' }).compute).toMatchObject({
      driver: 'kubernetes',
      kubernetes: {
        kubeconfig: undefined,
        namespace: 'default',
        storageClass: undefined,
        sshServiceType: 'ClusterIP',
        imageRegistry: undefined,
        gpuModelLabel: 'suanli.io/gpu-model',
        regionLabel: 'topology.kubernetes.io/region',
      },
    });
    const config = loadConfig({
      COMPUTE_DRIVER: 'kubernetes',
      KUBECONFIG: '/etc/suanli/kubeconfig',
      K8S_NAMESPACE: 'suanli-instances',
      K8S_STORAGE_CLASS: 'fast-ssd',
      K8S_SSH_SERVICE_TYPE: 'NodePort',
      K8S_IMAGE_REGISTRY: 'registry.example.com/gpu',
      K8S_GPU_MODEL_LABEL: 'nvidia.com/gpu.product',
      K8S_REGION_LABEL: 'suanli.io/region',
    });
    expect(config.compute.kubernetes).toEqual({
      kubeconfig: '/etc/suanli/kubeconfig',
      namespace: 'suanli-instances',
      storageClass: 'fast-ssd',
      sshServiceType: 'NodePort',
      imageRegistry: 'registry.example.com/gpu',
      gpuModelLabel: 'nvidia.com/gpu.product',
      regionLabel: 'suanli.io/region',
    });
  });

  it.each([
    ['not a number', 'STORAGE_QUOTA_BYTES', 'abc', 'STORAGE_QUOTA_BYTES must be a positive integer, got "abc"'],
    ['zero where a positive integer is due', 'STORAGE_QUOTA_BYTES', '0', 'STORAGE_QUOTA_BYTES must be a positive integer, got "0"'],
    ['a fraction where an integer is due', 'STORAGE_QUOTA_BYTES', '1.5', 'STORAGE_QUOTA_BYTES must be a positive integer, got "1.5"'],
    ['exponent notation', 'STORAGE_QUOTA_BYTES', '1e999', 'STORAGE_QUOTA_BYTES must be a positive integer, got "1e999"'],
    ['hexadecimal notation', 'STORAGE_QUOTA_BYTES', '0x10', 'STORAGE_QUOTA_BYTES must be a positive integer, got "0x10"'],
    [
      'more than an exact integer can hold',
      'STORAGE_QUOTA_BYTES',
      '99999999999999999999',
      'STORAGE_QUOTA_BYTES must be a positive integer, got "99999999999999999999"',
    ],
    ['a simulated speed over 60', 'SIMULATED_SPEED', '61', 'SIMULATED_SPEED must be a whole number from 1 to 60, got "61"'],
    [
      'a metrics interval under a second',
      'METRICS_INTERVAL_MS',
      '500',
      'METRICS_INTERVAL_MS must be milliseconds from 1000 to 3600000, got "500"',
    ],
    ['a port out of range', 'PORT', '70000', 'PORT must be a port number from 0 to 65535, got "70000"'],
    ['a negative number', 'PORT', '-1', 'PORT must be a port number from 0 to 65535, got "-1"'],
    [
      'a chunk size under the minimum',
      'UPLOAD_MAX_CHUNK_BYTES',
      '1024',
      'UPLOAD_MAX_CHUNK_BYTES must be an integer of at least 65536, got "1024"',
    ],
    ['zero days', 'RELEASE_AFTER_STOPPED_DAYS', '0', 'RELEASE_AFTER_STOPPED_DAYS must be a positive number, got "0"'],
    ['a ratio of 1', 'FAULT_DROP_CHUNK_RATIO', '1', 'FAULT_DROP_CHUNK_RATIO must be a number from 0 up to but not including 1, got "1"'],
    ['an unknown log level', 'LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    ['a switch that is neither true nor false', 'SEED_DEMO_DATA', 'yes', 'SEED_DEMO_DATA must be true or false, got "yes"'],
    [
      'an unknown driver',
      'COMPUTE_DRIVER',
      'docker',
      'COMPUTE_DRIVER must be a known compute driver (simulated, podman or kubernetes), got "docker"',
    ],
    [
      'an unknown SSH service type',
      'K8S_SSH_SERVICE_TYPE',
      'LoadBalancer',
      'K8S_SSH_SERVICE_TYPE must be ClusterIP or NodePort, got "LoadBalancer"',
    ],
    [
      'a namespace Kubernetes refuses',
      'K8S_NAMESPACE',
      'Suanli_Prod',
      'K8S_NAMESPACE must be a Kubernetes namespace name, got "Suanli_Prod"',
    ],
    ['a URL of another database', 'DATABASE_URL', 'mysql://db/rc', 'DATABASE_URL must be a postgres:// URL, got "mysql://db/rc"'],
  ])('refuses %s, naming the variable', (_kind, name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });
});

describe('payment providers from the environment', () => {
  const pem = '-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----';
  const wechat = {
    WECHATPAY_MCH_ID: '1900000001',
    WECHATPAY_APP_ID: 'wx01',
    WECHATPAY_SERIAL_NO: 'SERIAL',
    WECHATPAY_PRIVATE_KEY: pem,
    WECHATPAY_API_V3_KEY: 'k'.repeat(32),
    WECHATPAY_PLATFORM_PUBLIC_KEY: pem,
    WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_01',
  };

  it('turns Alipay and WeChat Pay on only when all their keys are set, PEM text with \\n read as newlines', () => {
    expect(loadConfig({}).payments).toMatchObject({
      sandbox: true,
      publicUrl: undefined,
      alipay: undefined,
      wechatpay: undefined,
      unpaidTimeoutMs: 1_800_000,
    });
    expect(loadConfig({ ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: pem }).payments.alipay).toBeUndefined();
    const config = loadConfig({
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY: pem,
      ALIPAY_PUBLIC_KEY: pem,
      PAYMENT_PUBLIC_URL: 'https://pay.example/',
      ...wechat,
    });
    expect(config.payments.publicUrl).toBe('https://pay.example');
    expect(config.payments.alipay).toMatchObject({ appId: '2021', gateway: 'https://openapi.alipay.com/gateway.do' });
    expect(config.payments.alipay!.alipayPublicKey).toBe('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----');
    expect(config.payments.wechatpay).toMatchObject({ mchId: '1900000001', baseUrl: 'https://api.mch.weixin.qq.com' });
    expect(loadConfig({ ...wechat, WECHATPAY_PLATFORM_SERIAL: '' }).payments.wechatpay).toBeUndefined();
  });

  it('keeps the sandbox cashier to a demo site or an explicit PAYMENT_SANDBOX=true, and turns it off beside a real provider', () => {
    const alipay = { ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: pem, ALIPAY_PUBLIC_KEY: pem };
    const sandboxOf = (env: Record<string, string>) => loadConfig(env).payments.sandbox;
    expect(sandboxOf({})).toBe(true);
    expect(sandboxOf({ SEED_DEMO_DATA: 'false' })).toBe(false);
    expect(sandboxOf({ SEED_DEMO_DATA: 'false', PAYMENT_SANDBOX: 'true' })).toBe(true);
    expect(sandboxOf({ PAYMENT_SANDBOX: 'false' })).toBe(false);
    expect(sandboxOf(alipay)).toBe(false);
    expect(sandboxOf(wechat)).toBe(false);
    expect(sandboxOf({ ...alipay, PAYMENT_SANDBOX: 'false' })).toBe(false);
    // Half a provider's keys turn no provider on, so the demo's sandbox stays.
    expect(sandboxOf({ ALIPAY_APP_ID: '2021' })).toBe(true);
  });

  it('refuses PAYMENT_SANDBOX=true together with a real provider’s keys, saying why', () => {
    const refusal = (providers: string) =>
      new ConfigError(
        `PAYMENT_SANDBOX=true cannot be set together with the keys of ${providers}: the sandbox cashier credits any recharge ` +
          'without moving money, so a site that takes real payments must not offer it. Unset PAYMENT_SANDBOX',
      );
    const alipay = { ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: pem, ALIPAY_PUBLIC_KEY: pem };
    expect(() => loadConfig({ ...alipay, PAYMENT_SANDBOX: 'true' })).toThrow(refusal('Alipay (ALIPAY_*)'));
    expect(() => loadConfig({ ...wechat, SEED_DEMO_DATA: 'false', PAYMENT_SANDBOX: 'true' })).toThrow(refusal('WeChat Pay (WECHATPAY_*)'));
    expect(() => loadConfig({ ...alipay, ...wechat, PAYMENT_SANDBOX: 'true' })).toThrow(
      refusal('Alipay (ALIPAY_*) and WeChat Pay (WECHATPAY_*)'),
    );
  });

  it('refuses an APIv3 key that is not 32 characters and a notify address that is not http(s)', () => {
    expect(() => loadConfig({ ...wechat, WECHATPAY_API_V3_KEY: 'short' })).toThrow(
      'WECHATPAY_API_V3_KEY must be a 32-character key, got "short"',
    );
    expect(() => loadConfig({ PAYMENT_PUBLIC_URL: 'pay.example' })).toThrow(ConfigError);
  });

  it('keeps blobs in the data folder by default, on S3 only with every S3 setting, refusing a half configuration', () => {
    expect(loadConfig({}).blobs).toEqual({ store: 'local' });
    const s3 = { BLOB_STORE: 's3', S3_BUCKET: 'rc-blobs', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }).blobs).toEqual({
      store: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        bucket: 'rc-blobs',
        accessKeyId: 'AK',
        secretAccessKey: 'SK',
        forcePathStyle: true,
      },
    });
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'rc-blobs' })).toThrow(
      new ConfigError('BLOB_STORE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well'),
    );
    expect(() => loadConfig({ ...s3, BLOB_STORE: 'gcs' })).toThrow('BLOB_STORE must be local or s3, got "gcs"');
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be an http(s):// URL, got "minio:9000"');
  });

  it('refuses replicas (REDIS_URL) that would keep blobs each in its own data folder', () => {
    const s3 = { BLOB_STORE: 's3', S3_BUCKET: 'rc-blobs', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };
    expect(() => loadConfig({ REDIS_URL: 'redis://cache:6379' })).toThrow(
      new ConfigError(
        'REDIS_URL makes this server one of several replicas, and replicas need BLOB_STORE=s3 (with BLOB_STORE=local each keeps ' +
          'uploaded files in its own DATA_DIR, where the others cannot read them): set BLOB_STORE=s3 and S3_*, or unset REDIS_URL for a single server',
      ),
    );
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379', ...s3 })).toMatchObject({
      redisUrl: 'redis://cache:6379',
      blobs: { store: 's3' },
    });
    expect(loadConfig({}).blobs).toEqual({ store: 'local' });
  });

  it('writes no scheduled backups unless BACKUP_DIR is set, then every day keeping seven by default', () => {
    expect(loadConfig({}).backups).toEqual({ dir: undefined, intervalMs: 24 * 3_600_000, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: 'backups', BACKUP_INTERVAL_HOURS: '0.5', BACKUP_KEEP: '30' }).backups).toEqual({
      dir: path.resolve('backups'),
      intervalMs: 1_800_000,
      keep: 30,
    });
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP must be an integer from 1 to 10000, got "0"');
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '0' })).toThrow(
      'BACKUP_INTERVAL_HOURS must be a positive number of hours up to 8760, got "0"',
    );
  });
});

describe('the settings tables', () => {
  /** The variables named in the first column of the table under `heading` in `file` (relative to the repository). */
  function listedSettings(file: string, heading: string): string[] {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    const start = text.indexOf(`\n${heading}\n`);
    expect(start, `${file} has ${heading}`).toBeGreaterThan(-1);
    const next = text.indexOf('\n#', start + 1);
    return text
      .slice(start, next === -1 ? undefined : next)
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
  }

  it('docs/settings.md lists every setting the server reads, and none that it does not', () => {
    const listed = listedSettings('docs/settings.md', '## Every setting');
    expect(settingNames).toContain('PAYMENT_SANDBOX');
    expect(settingNames.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !(settingNames as string[]).includes(name))).toEqual([]);
  });

  it('the README’s main settings are settings the server reads', () => {
    const listed = listedSettings('README.md', '## Main settings');
    expect(listed).toContain('DATA_DIR');
    expect(listed.filter((name) => !(settingNames as string[]).includes(name))).toEqual([]);
  });
});

describe('the server with a bad variable', () => {
  /** Starts server.ts with `env` added, expecting it to stop at once: its exit code and stderr ('started' if it listened instead). */
  async function refusedStart(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-config-'));
    const server = spawn(process.execPath, serverCommand(), {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', SSH_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('算力云 listening on') && server.kill('SIGTERM'));
    const exitCode = await new Promise((resolve) => server.once('exit', (code, signal) => resolve(signal ? 'started' : code)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    return { exitCode, stderr };
  }

  it('stops at start and says which variable is wrong', async () => {
    const { exitCode, stderr } = await refusedStart({ STORAGE_QUOTA_BYTES: 'abc' });
    expect(exitCode).toBe(1);
    expect(stderr).toContain('api-server: STORAGE_QUOTA_BYTES must be a positive integer, got "abc"');
  }, 60_000);

  it('refuses to start with the sandbox cashier beside a real payment provider, and with replicas on local blob stores', async () => {
    const pem = '-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----';
    const sandboxed = await refusedStart({
      PAYMENT_SANDBOX: 'true',
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY: pem,
      ALIPAY_PUBLIC_KEY: pem,
    });
    expect(sandboxed.exitCode).toBe(1);
    expect(sandboxed.stderr).toContain('api-server: PAYMENT_SANDBOX=true cannot be set together with the keys of Alipay (ALIPAY_*)');
    const replica = await refusedStart({ REDIS_URL: 'redis://127.0.0.1:1', BLOB_STORE: 'local' });
    expect(replica.exitCode).toBe(1);
    expect(replica.stderr).toContain('api-server: REDIS_URL makes this server one of several replicas, and replicas need BLOB_STORE=s3');
  }, 60_000);
});
