import type { AppConfig } from '../../config.js';
import type { PayoutProvider } from './payout-provider.js';
import { SandboxPayoutProvider } from './sandbox-payout-provider.js';

/** The payout provider named by configuration (PAYOUT_PROVIDER); so far only the sandbox. */
export function createPayoutProvider(config: Pick<AppConfig, 'payoutProvider'>): PayoutProvider {
  switch (config.payoutProvider) {
    case 'sandbox':
      return new SandboxPayoutProvider();
  }
}
