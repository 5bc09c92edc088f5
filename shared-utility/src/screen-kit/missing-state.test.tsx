import { useCallback } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../api-client';
import { getConfig } from '../config';
import { ListState } from './list-state';
import { setUpScreenTestServer } from './screen-test-server';
import { render } from './test-render';
import { useLoaded } from './use-loaded';

const { server } = setUpScreenTestServer();
const route = 'POST /apis/user/auth/thing/view';

function Thing() {
  const loaded = useLoaded(useCallback(() => api.post<{ name: string }>('/user/auth/thing/view', { id: 7 }, { errorTip: false }), []));
  return (
    <ListState source={loaded} isEmpty={() => false} empty="" back={{ to: '/account/things', label: '返回我的东西' }}>
      {(thing) => <h2>{thing.name}</h2>}
    </ListState>
  );
}

const shown = (host: HTMLElement) => ({
  kind: host.querySelector<HTMLElement>('.rc-missing')?.dataset.kind ?? null,
  heading: host.querySelector('.rc-missing h3')?.textContent ?? null,
  words: host.querySelector('.rc-missing p')?.textContent ?? null,
  retry: host.querySelector('.rc-retry') !== null,
  back: host.querySelector<HTMLAnchorElement>('.rc-missing-back')?.textContent ?? null,
});

describe('MissingState, in place of 加载失败 … 重试 where a retry cannot help', () => {
  it.each([
    [404, '文章不存在', 'not-found', '没有找到这项内容'],
    [403, '只能查看自己的订单', 'not-yours', '这项内容不属于你，无权查看'],
    [410, '该镜像已被分享者删除', 'deleted', '这项内容已删除'],
    [422, '社区镜像不能小于1', 'bad-link', '链接不完整或有误'],
  ])('answers code %i with a page that says which (%s), without 重试', async (code, msg, kind, heading) => {
    server.on(route, { code, msg });
    const host = render(<Thing />);
    await vi.waitFor(() => expect(shown(host).kind).toBe(kind));
    expect(shown(host)).toEqual({ kind, heading, words: msg, retry: false, back: '返回我的东西' });
    expect(host.textContent).not.toContain('加载失败');
  });

  it('leads back to the place the page names, through the shell', async () => {
    server.on(route, { code: 404, msg: '文章不存在' });
    const host = render(<Thing />);
    await vi.waitFor(() => expect(shown(host).kind).toBe('not-found'));
    const navigate = vi.mocked(getConfig().navigate);
    navigate.mockClear();
    host.querySelector<HTMLAnchorElement>('.rc-missing-back')!.click();
    expect(navigate).toHaveBeenCalledWith('/account/things');
    expect(host.querySelector<HTMLAnchorElement>('.rc-missing-back')!.getAttribute('href')).toBe('/account/things');
  });

  it('keeps 加载失败 with 重试 for a failure that may pass, and 重试 loads the thing', async () => {
    server.on(route, { code: 500, msg: '服务繁忙' });
    const host = render(<Thing />);
    await vi.waitFor(() => expect(host.querySelector('.rc-list-error')?.textContent).toContain('加载失败：服务繁忙'));
    expect(shown(host).kind).toBeNull();
    server.on(route, { code: 200, data: { name: '甲' } });
    host.querySelector<HTMLButtonElement>('.rc-retry')!.click();
    await vi.waitFor(() => expect(host.querySelector('h2')?.textContent).toBe('甲'));
  });
});
