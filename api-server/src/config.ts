import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  webRoot: string;
  logLevel: string;
  sessionTtlMs: number;
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
  };
  maxSubAccounts: number;
  seedDemoData: boolean;
}

const minute = 60_000;

export const defaultRateLimits: AppConfig['rateLimits'] = {
  loginPerIp: { max: 30, windowMs: minute },
  loginPerMobileIp: { max: 10, windowMs: 15 * minute },
  loginPerMobile: { max: 100, windowMs: 15 * minute },
  sendCodePerIp: { max: 20, windowMs: 60 * minute },
  sendCodePerMobile: { max: 1, windowMs: minute },
  addSubUserPerAccount: { max: 10, windowMs: 60 * minute },
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    webRoot: path.resolve(env.WEB_ROOT ?? path.join(repoRoot, 'dist/web')),
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionTtlMs: 24 * 60 * minute,
    smsCodeTtlMs: 5 * minute,
    smsCodeMaxAttempts: 5,
    rateLimits: defaultRateLimits,
    maxSubAccounts: 20,
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
  };
}
