import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { applyLedgerEntry } from '../billing/ledger.js';
import { users } from '../db/schema.js';
import { courseFixture, newTeacher } from '../test-support/learning-test-kit.js';
import { hashPassword } from '../lib/password.js';
import { startRedisServer, type RedisServer } from '../test-support/redis-server.js';
import { call, createTestApp, login, requestSmsCode, type TestApp } from '../test-support/test-app.js';
import { createAccount } from './accounts.js';

const password = 'Cache@2026';
let accounts = 0;

/** A fresh account (made directly: no welcome credit) that can sign in with `password`. */
async function newAccount(app: FastifyInstance) {
  accounts += 1;
  const mobile = `136${String(process.pid % 10_000).padStart(4, '0')}${String(accounts).padStart(4, '0')}`;
  const account = await createAccount(app.db, { mobile, passwordHash: await hashPassword(password), nickname: `缓存${accounts}` });
  return { id: account.id, mobile };
}

const view = (app: FastifyInstance, token: string) => call(app, 'POST', '/apis/user/auth/user/ext/view', undefined, token);

/** Both replicas answer the token, so both hold it in their caches. */
async function warm(apps: FastifyInstance[], token: string) {
  for (const app of apps) expect((await view(app, token)).code).toBe(200);
}

function sessionCacheBehaviour(setup: {
  name: string;
  replicas(): Promise<{ t: TestApp; apps: [FastifyInstance, FastifyInstance]; close(): Promise<void> }>;
}) {
  describe(`the session cache (${setup.name})`, () => {
    let t: TestApp;
    let apps: [FastifyInstance, FastifyInstance];
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ t, apps, close } = await setup.replicas());
    });
    afterAll(() => close());

    it('answers from memory: a row changed behind the server’s back is not seen until a change is noted', async () => {
      const user = await newAccount(t.app);
      const token = await login(apps[0], user.mobile, password);
      await warm(apps, token);
      await t.app.db.update(users).set({ nickname: '未通知的修改' }).where(eq(users.id, user.id));
      for (const app of apps) expect((await view(app, token)).data.nickname).toBe(`缓存${accounts}`);
      await call(apps[0], 'POST', '/apis/user/auth/user/ext/update', { nickname: '改过的昵称' }, token);
      for (const app of apps) expect((await view(app, token)).data.nickname).toBe('改过的昵称');
    });

    it('refuses a token on both replicas on the request right after its logout', async () => {
      const user = await newAccount(t.app);
      const token = await login(apps[0], user.mobile, password);
      await warm(apps, token);
      expect((await call(apps[1], 'GET', '/apis/user/auth/user/logout', undefined, token)).code).toBe(200);
      for (const app of apps) expect(await view(app, token)).toMatchObject({ code: 401 });
    });

    it('answers 304 to the older token on both replicas once the user signed in again', async () => {
      const user = await newAccount(t.app);
      const older = await login(apps[0], user.mobile, password);
      await warm(apps, older);
      const newer = await login(apps[1], user.mobile, password);
      for (const app of apps) {
        expect(await view(app, older)).toMatchObject({ code: 304, msg: '你的账户已在其他地方登录！' });
        expect((await view(app, newer)).code).toBe(200);
      }
    });

    it('refuses an expired session by the clock, though its copy is still cached', async () => {
      const user = await newAccount(t.app);
      const token = await login(apps[0], user.mobile, password);
      await warm(apps, token);
      t.clock.advance(t.app.config.sessionTtlMs - 1);
      for (const app of apps) expect((await view(app, token)).code).toBe(200);
      t.clock.advance(1);
      for (const app of apps) expect(await view(app, token)).toMatchObject({ code: 401, msg: '登录已过期，请重新登录' });
    });

    it('refuses every session of a user who reset the password', async () => {
      const user = await newAccount(t.app);
      const token = await login(apps[0], user.mobile, password);
      await warm(apps, token);
      const code = await requestSmsCode(t, user.mobile, 'reset');
      const reset = await call(apps[0], 'POST', '/apis/user/api/user/update/password', {
        mobile: user.mobile,
        code,
        password: 'Newer@2026',
      });
      expect(reset.code).toBe(200);
      for (const app of apps) expect((await view(app, token)).code).toBe(401);
      expect((await view(apps[1], await login(apps[1], user.mobile, 'Newer@2026'))).code).toBe(200);
    });

    it('shows a real-name verification made on one replica on the next ext/view of the other', async () => {
      const user = await newAccount(t.app);
      const token = await login(apps[0], user.mobile, password);
      await warm(apps, token);
      const certified = await call(
        apps[0],
        'POST',
        '/apis/user/auth/user/certification',
        { realName: '李雷', idCard: certifiableIdCard() },
        token,
      );
      expect(certified.code).toBe(200);
      for (const app of apps) expect((await view(app, token)).data).toMatchObject({ realName: '李雷', idCardCheckStatus: 1 });
    });

    it('shows a balance spent on one replica on the next ext/view of the other', async () => {
      const teacher = await newTeacher(t.app);
      const { courseId } = await courseFixture(t.app, teacher.id, { price: 4_000 });
      const user = await newAccount(t.app);
      await applyLedgerEntry(t.app.db, { userId: user.id, amount: 10_000, kind: 'grant', note: '测试', at: t.clock.now() });
      const token = await login(apps[0], user.mobile, password);
      await warm(apps, token);
      expect((await view(apps[1], token)).data.nowMoney).toBe(10_000);
      const bought = await call(apps[0], 'POST', '/apis/course/auth/course/sign', { courseId, price: 4_000 }, token);
      expect(bought.code).toBe(200);
      for (const app of apps) expect((await view(app, token)).data.nowMoney).toBe(6_000);
    });
  });
}

let idCards = 0;
/** A valid mainland ID number, a different one each call (the last character is the ISO 7064 check). */
function certifiableIdCard() {
  idCards += 1;
  const body = `11010519${String(50 + (process.pid % 40)).padStart(2, '0')}0101${String(idCards).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return body + '10X98765432'[sum % 11];
}

sessionCacheBehaviour({
  name: 'one process, in-process state',
  async replicas() {
    const t = await createTestApp();
    return { t, apps: [t.app, t.app], close: () => t.close() };
  },
});

let redis: RedisServer | undefined;
afterAll(async () => {
  await redis?.stop();
});

sessionCacheBehaviour({
  name: 'two replicas on one database and one Redis',
  async replicas() {
    redis = await startRedisServer();
    const t = await createTestApp({ config: { redisUrl: redis.url } });
    const other = await buildApp({ config: t.app.config, db: t.app.db, clock: t.clock, logger: false });
    await other.ready();
    return {
      t,
      apps: [t.app, other],
      async close() {
        await other.close();
        await t.close();
      },
    };
  },
});
