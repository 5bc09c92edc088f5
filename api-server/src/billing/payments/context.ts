import type { Clock } from '../../clock.js';
import type { PaymentSettings } from '../../config.js';
import type { Database } from '../../db/index.js';
import type { PaymentProviders } from './create-providers.js';

/** What the recharge rules need: the database, the enabled providers, their settings and the clock. */
export interface PaymentsContext {
  db: Database;
  providers: PaymentProviders;
  settings: PaymentSettings;
  clock: Clock;
}
