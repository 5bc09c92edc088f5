import { useCallback } from 'react';
import { Table } from 'semantic-ui-react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../api-client';
import type { Page } from '../types';
import { PagedTable } from './paged-table';
import { usePagedList, type Paging } from './paged-list';
import { setUpScreenTestServer } from './screen-test-server';
import { render } from './test-render';

const { server } = setUpScreenTestServer();
const route = 'POST /apis/user/auth/thing/list';

interface Thing {
  id: number;
  name: string;
}

function Things() {
  const fetchPage = useCallback((paging: Paging) => api.post<Page<Thing>>('/user/auth/thing/list', paging, { errorTip: false }), []);
  const list = usePagedList(fetchPage);
  return (
    <PagedTable
      list={list}
      columns={['名称']}
      empty="还没有东西。"
      row={(thing) => (
        <Table.Row key={thing.id}>
          <Table.Cell>{thing.name}</Table.Cell>
        </Table.Row>
      )}
    />
  );
}

const renderThings = () => render(<Things />);

const shown = (host: HTMLElement) => ({
  loading: Boolean(host.querySelector('.rc-list-loading')),
  error: host.querySelector('.rc-list-error')?.textContent ?? null,
  empty: host.querySelector('.rc-empty')?.textContent ?? null,
  rows: Array.from(host.querySelectorAll('tbody tr'), (row) => row.textContent),
});

describe('PagedTable', () => {
  it('shows loading until the page arrives, then its rows and the page switcher', async () => {
    server.on(route, () => ({
      body: {
        code: 200,
        data: {
          list: [
            { id: 1, name: '甲' },
            { id: 2, name: '乙' },
          ],
          total: 12,
        },
        msg: '',
      },
      delayMs: 50,
    }));
    const host = renderThings();
    expect(shown(host)).toEqual({ loading: true, error: null, empty: null, rows: [] });
    await vi.waitFor(() => expect(shown(host).rows).toEqual(['甲', '乙']));
    expect(shown(host)).toMatchObject({ loading: false, error: null, empty: null });
    expect(host.querySelector('.rc-page-switcher')).not.toBeNull();
    expect(server.seen[0]?.body).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('shows the empty state only for an empty answer', async () => {
    server.on(route, { code: 200, data: { list: [], total: 0 } });
    const host = renderThings();
    await vi.waitFor(() => expect(shown(host).empty).toBe('还没有东西。'));
    expect(shown(host)).toMatchObject({ loading: false, error: null, rows: [] });
    expect(host.querySelector('.rc-page-switcher')).toBeNull();
  });

  it('shows a failed call as an error with 重试, never as the empty state; 重试 loads again', async () => {
    server.on(route, { code: 500, msg: '服务繁忙' });
    const host = renderThings();
    await vi.waitFor(() => expect(shown(host).error).toContain('加载失败：服务繁忙'));
    expect(shown(host)).toMatchObject({ loading: false, empty: null, rows: [] });

    server.on(route, { code: 200, data: { list: [{ id: 3, name: '丙' }], total: 1 } });
    host.querySelector<HTMLButtonElement>('.rc-retry')!.click();
    await vi.waitFor(() => expect(shown(host).rows).toEqual(['丙']));
    expect(shown(host)).toMatchObject({ error: null, empty: null });
    expect(server.count(route)).toBe(2);
  });

  it('shows a page that fails as failed, not as the rows of the page before', async () => {
    server.on(route, { code: 200, data: { list: [{ id: 1, name: '甲' }], total: 11 } });
    const host = renderThings();
    await vi.waitFor(() => expect(shown(host).rows).toEqual(['甲']));
    server.on(route, { code: 500, msg: '页码超出范围' });
    const second = Array.from(host.querySelectorAll<HTMLElement>('.rc-page-switcher .item')).find((item) => item.textContent === '2')!;
    second.click();
    await vi.waitFor(() => expect(shown(host).error).toContain('页码超出范围'));
    expect(shown(host)).toMatchObject({ empty: null, rows: [] });
    expect(server.seen.at(-1)?.body).toEqual({ pageNum: 2, pageSize: 10 });
  });
});
