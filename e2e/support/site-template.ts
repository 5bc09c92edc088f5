// Vitest global setup: the journeys' site template (support/portal-server.ts).
export { buildSiteTemplate as default } from './portal-server';
