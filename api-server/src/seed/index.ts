export { demoSite } from './demo-site.js';
