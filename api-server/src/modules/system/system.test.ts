import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.get('/apis/system/api/test-failure', async () => {
        throw new Error('secret internals');
      });
    },
  });
});
afterAll(() => t.close());

describe('site configuration', () => {
  it('answers every website info field', async () => {
    const site = await call(t.app, 'POST', '/apis/system/api/website/get');
    expect(site.code).toBe(200);
    for (const field of [
      'logo',
      'ico',
      'keyword',
      'desc',
      'copyright',
      'icp',
      'prn',
      'prnNo',
      'isEnableStatistics',
      'statisticsCode',
      'isShowService',
      'service1',
      'service2',
      'service3',
      'service4',
      'service5',
      'title',
      'h5Domain',
    ]) {
      expect(site.data).toHaveProperty(field);
    }
    expect(site.data).toMatchObject({ icp: '京ICP备2026000001号-1', isShowService: true, hotline: '400-800-2026' });
    expect(await call(t.app, 'GET', '/apis/system/api/website/get')).toEqual(site);
  });

  it('lists seven nav items, so the portal folds the last two into its more-menu', async () => {
    const nav = await call(t.app, 'POST', '/apis/system/api/nav/bar/list', {});
    expect(nav.data).toHaveLength(7);
    expect(nav.data[0]).toEqual({ id: expect.any(Number), navTitle: '首页', navUrl: '/', target: '_self' });
  });

  it('filters adverts by position and zones by category', async () => {
    const popup = await call(t.app, 'POST', '/apis/system/api/adv/list', { position: 'home_popup' });
    expect(popup.data).toEqual([expect.objectContaining({ position: 'home_popup', imageUrl: '/static/demo/advert-home.svg' })]);
    expect((await call(t.app, 'POST', '/apis/system/api/adv/list', {})).data.length).toBe(2);
    expect(
      (await call(t.app, 'POST', '/apis/system/api/zone/list', { categoryType: 1, zoneLocation: 1 })).data.map(
        (z: { code: string }) => z.code,
      ),
    ).toEqual(['ai', 'llm', 'cv']);
  });

  it('groups the about pages and lists friend links', async () => {
    const groups = await call(t.app, 'POST', '/apis/system/api/website/nav/list');
    expect(groups.data.map((g: { navName: string }) => g.navName)).toEqual(['关于我们', '帮助中心', '法律条款']);
    expect(groups.data[2].websiteNavList).toEqual([
      expect.objectContaining({ navName: '用户协议' }),
      expect.objectContaining({ navName: '隐私政策' }),
    ]);
    expect((await call(t.app, 'POST', '/apis/system/api/website/link')).data.length).toBe(3);
  });

  it('answers what every layout shows in one call, as the six calls it replaces answer it', async () => {
    const shell = await call(t.app, 'POST', '/apis/system/api/website/shell');
    const one = async (route: string, body?: object) => (await call(t.app, 'POST', `/apis/system/api/${route}`, body)).data;
    expect(shell.data).toEqual({
      info: await one('website/get'),
      nav: await one('nav/bar/list', {}),
      about: await one('website/nav/list'),
      links: await one('website/link'),
      zones: await one('zone/list', {}),
      classes: await one('zone/list', { categoryType: 1, zoneLocation: 1 }),
    });
    expect(shell.data.classes.map((zone: { code: string }) => zone.code)).toEqual(['ai', 'llm', 'cv']);
  });

  it('gives a signed-in user every enum in one call, as each enum answers alone', async () => {
    expect((await call(t.app, 'GET', '/apis/system/auth/api/enum/lists')).code).toBe(401);
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const lists = await call(t.app, 'GET', '/apis/system/auth/api/enum/lists', undefined, token);
    const names = ['OrderTypeEnum', 'OrderStatusEnum', 'BillingTypeEnum', 'OpsInstanceEnum'];
    expect(Object.keys(lists.data)).toEqual(names);
    for (const name of names) {
      const alone = await call(t.app, 'GET', `/apis/system/auth/api/enum/list/${name}`, undefined, token);
      expect(alone.data.length).toBeGreaterThan(0);
      expect(lists.data[name]).toEqual(alone.data);
    }
  });

  it('serves the public config at /config.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toMatchObject({
      systemName: '算力云',
      icpNumber: '京ICP备2026000001号-1',
      headTips: { show: true, bgColor: '#fff7e6' },
    });
  });

  it('gives a signed-in user their referral link and checks a code for anyone', async () => {
    expect((await call(t.app, 'POST', '/apis/system/api/website/referral/code', {})).code).toBe(401);
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const mine = await call(t.app, 'POST', '/apis/system/api/website/referral/code', {}, token);
    expect(mine.data.link).toMatch(new RegExp(`/register\\?referralCode=${mine.data.referralCode}$`));
    const checked = await call(t.app, 'POST', '/apis/system/api/website/referral/code', { referralCode: mine.data.referralCode });
    expect(checked.data.referrerNickname).toBe('算力体验官');
    expect((await call(t.app, 'POST', '/apis/system/api/website/referral/code', { referralCode: 'ZZZZZZZZ' })).code).toBe(422);
  });
});

describe('the site info an operator edits', () => {
  const edit = {
    title: '算力云 - GPU 算力租用',
    hotline: '400-800-2027',
    isShowService: true,
    service1: '微信：suanli-kefu',
    service2: '',
    service3: '',
    service4: '',
    service5: '',
    h5Domain: 'https://m.suanli.example',
  };
  const update = (body: unknown, token?: string) => call(t.app, 'POST', '/apis/system/auth/website/update', body, token);

  it('saves the H5 site with the other site info, and every page reads it at once', async () => {
    const operator = await login(t.app, demoAccounts.operator, demoPassword);
    expect(await update(edit, operator)).toMatchObject({ code: 200, msg: '站点信息已保存' });
    const site = await call(t.app, 'POST', '/apis/system/api/website/get');
    expect(site.data).toMatchObject(edit);
    expect(await update({ ...edit, h5Domain: '  ' }, operator)).toMatchObject({ code: 200 });
    expect((await call(t.app, 'POST', '/apis/system/api/website/get')).data.h5Domain).toBe('');
  });

  it('refuses an H5 site that is not an http(s) address, and anyone but an operator', async () => {
    const operator = await login(t.app, demoAccounts.operator, demoPassword);
    for (const h5Domain of ['m.suanli.example', 'javascript:alert(1)', 'ftp://m.suanli.example', 'https://m.suanli.example/a b']) {
      expect(await update({ ...edit, h5Domain }, operator)).toMatchObject({
        code: 422,
        msg: 'H5 站点地址须是以 http:// 或 https:// 开头的网址，或留空',
      });
    }
    expect(await update({ ...edit, title: ' ' }, operator)).toMatchObject({ code: 422, msg: '请输入网站标题' });
    const user = await login(t.app, demoAccounts.user, demoPassword);
    expect(await update(edit, user)).toMatchObject({ code: 403, msg: '仅运营人员可以执行此操作' });
  });
});

describe('the envelope', () => {
  it('answers an unknown /apis path with code 404 and HTTP 200', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/apis/nothing/here' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 404, data: null });
  });

  it('hides an unexpected error behind code 500 and the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apis/system/api/test-failure' });
    const answer = response.json();
    expect(response.statusCode).toBe(200);
    expect(answer.code).toBe(500);
    expect(answer.msg).toContain(response.headers['x-request-id']);
    expect(JSON.stringify(answer)).not.toContain('secret internals');
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/apis/openapi.json' })).json();
    expect(doc.paths['/apis/user/api/user/login/password'].post.requestBody.content['application/json'].schema.required).toEqual([
      'mobile',
      'password',
    ]);
    // A read an API key with 只读 may make names both schemes; managing keys takes a signed-in session.
    expect(doc.paths['/apis/user/auth/user/ext/view'].post.security).toEqual([{ token: [] }, { apiKey: [] }]);
    expect(doc.paths['/apis/user/auth/user/apikey/create'].post.security).toEqual([{ token: [] }]);
  });
});

describe('portal hosting', () => {
  it('answers client-side routes with the portal page and serves its files with cache headers', async () => {
    const webRoot = t.app.config.webRoot;
    fs.mkdirSync(path.join(webRoot, 'modules'), { recursive: true });
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(webRoot, 'modules', 'app.0123abcd.js'), 'System.register([],function(){})');
    for (const url of ['/', '/account/home', '/blog/article/12?from=home']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body, url).toContain('<title>portal</title>');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const hashed = await t.app.inject({ method: 'GET', url: '/modules/app.0123abcd.js' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/modules/app.gone1234.js', '/favicon.png', '/static/demo/none.svg']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('sends /favicon.ico to the website icon, which is served', async () => {
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(favicon.statusCode).toBe(302);
    expect(favicon.headers.location).toBe('/static/demo/logo.svg');
    const icon = await t.app.inject({ method: 'GET', url: favicon.headers.location! });
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/svg+xml']);
  });
});
