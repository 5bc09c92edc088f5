export { seedBaseData } from './base-data.js';
export { demoAccounts, demoPassword, seedDemoData } from './demo-data.js';
export { warnOfDemoSite } from './demo-site.js';
