import type { InvoiceProvider, InvoiceSettings } from './invoice-provider.js';
import { localInvoiceProvider } from './local-invoice-provider.js';

export function createInvoiceProvider(settings: InvoiceSettings): InvoiceProvider {
  switch (settings.provider) {
    case 'local':
      return localInvoiceProvider;
  }
}
