import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { configure } from '../config';
import { bus, type RcEvents } from '../event-bus';
import { TestApiServer } from '../test-server';
import { unmountAll } from './test-render';

/**
 * Registers the hooks of a screen-kit test file: a real API server the client calls, its routes and the toasts shown
 * cleared before each test, and whatever the test rendered unmounted after it.
 */
export function setUpScreenTestServer(): { server: TestApiServer; toasts: RcEvents['toast'][] } {
  const server = new TestApiServer();
  const toasts: RcEvents['toast'][] = [];
  const off = bus.on('toast', (toast) => toasts.push(toast));

  beforeAll(async () => {
    configure({ apiBase: await server.start(), navigate: vi.fn() });
  });
  afterAll(async () => {
    off();
    await server.stop();
  });
  beforeEach(() => {
    server.reset();
    toasts.length = 0;
  });
  afterEach(unmountAll);

  return { server, toasts };
}
