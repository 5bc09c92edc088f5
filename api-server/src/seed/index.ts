export { seedBaseData } from './base-data.js';
export { demoAccounts, demoPassword } from './demo-accounts.js';
export { seedDemoData } from './demo-data.js';
export { demoSite, warnOfDemoSite } from './demo-site.js';
