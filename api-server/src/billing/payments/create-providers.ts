import type { AppConfig } from '../../config.js';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/index.js';
import type { PaymentProvider } from './provider.js';
import { SandboxProvider, sandboxKeys } from './sandbox-provider.js';
import { WechatpayProvider } from './wechatpay-provider.js';

export interface PaymentProviders {
  /** Every enabled provider by name, the sandbox first when it is on. */
  byName: Map<string, PaymentProvider>;
  sandbox: SandboxProvider;
}

/**
 * The sandbox when `payments.sandbox` is on (a demo site without real providers, config.ts); Alipay and WeChat Pay when
 * their keys are configured (ALIPAY_*, WECHATPAY_*). Alipay's SDK is imported only then: a large package that the
 * server loaded at every start (issue 31).
 */
export async function createPaymentProviders(config: AppConfig, deps: { db: Executor; clock: Clock }): Promise<PaymentProviders> {
  const sandbox = new SandboxProvider(deps.db, () => sandboxKeys(config.dataDir), deps.clock);
  const enabled: PaymentProvider[] = config.payments.sandbox ? [sandbox] : [];
  if (config.payments.alipay) enabled.push(new (await import('./alipay-provider.js')).AlipayProvider(config.payments.alipay));
  if (config.payments.wechatpay) enabled.push(new WechatpayProvider(config.payments.wechatpay, deps.clock));
  return { byName: new Map(enabled.map((provider) => [provider.name, provider])), sandbox };
}
