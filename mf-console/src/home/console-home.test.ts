import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { $token, configure, loadCounters } from '@rc/shared-utility';
import { ConsoleHome } from './console-home';

/** What each call of the page answers, by `METHOD /apis/path`. */
const answers: Record<string, unknown> = {
  'POST /apis/user/auth/msg/user/num': { num: 3 },
  'GET /apis/container/auth/statistics': { totalContainer: 4, running: 2, stopped: 1, busy: 1, failed: 0, byStatus: {} },
  'GET /apis/user/auth/user/ext/get/realtime/balance': { balance: 123_450 },
  'GET /apis/user/auth/dashboard/storage': { systemDiskGb: 30, dataDiskGb: 0, dataDiskExtraGb: 0 },
  'POST /apis/user/auth/order/bill/list': { list: [], total: 0, pageNum: 1, pageSize: 5 },
};
const calls: string[] = [];
const server: Server = createServer((request, response) => {
  const route = `${request.method} ${request.url!.split('?')[0]}`;
  calls.push(route);
  request.resume().on('end', () => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(route in answers ? { code: 200, data: answers[route], msg: '' } : { code: 404, data: null, msg: '' }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configure({ apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis`, navigate: vi.fn() });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the signed-in home page', () => {
  it('asks for each datum once per page load, the shell’s counters included', async () => {
    $token.set('tok-home');
    // What the shell does on a page load of a signed-in user (root-config.tsx), then the home page mounts.
    void loadCounters();
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    act(() => root.render(createElement(ConsoleHome, { navigate: vi.fn() })));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

    await vi.waitFor(() => {
      expect(host.querySelector('.rc-console-unread')?.textContent).toBe('3');
      expect(host.querySelector('.rc-console-instances')?.textContent).toContain('运行中2');
      expect(host.querySelector('.rc-console-charges')?.textContent).toContain('暂无扣费记录');
    });
    expect(calls.sort()).toEqual(Object.keys(answers).sort());
    root.unmount();
  });
});
