import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instanceLogins, instances, userSshKeys } from '../db/index.js';
import { Status } from '../compute/index.js';
import { parseLoginName } from './login-names.js';
import { fingerprintOf, signedBy } from './public-keys.js';

/** Who logged in: an instance to open sessions in, or proven credentials whose sessions only show why none opens. */
export type GatewayLogin = { instanceId: number; method: 'password' | 'key'; keyId: number | null } | { refusal: string };

export interface KeyAttempt {
  username: string;
  /** The public key's wire form as the client sent it. */
  keyBlob: Buffer;
  /** Absent while the client only asks whether the key would do. */
  signature?: { blob: Buffer; signature: Buffer; hashAlgo: string | undefined };
  remoteAddress: string;
}

function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Passwords checked against the instance they select (rate limited per client address and per named instance), and saved keys. */
export class GatewayAuthenticator {
  constructor(private readonly app: FastifyInstance) {}

  async password(username: string, password: string, remoteAddress: string): Promise<GatewayLogin | null> {
    const { rateLimiter, config, log } = this.app;
    const name = parseLoginName(username);
    const limits = [
      { key: `ssh-password:ip:${remoteAddress}`, rule: config.rateLimits.sshPasswordPerIp },
      ...(name?.instanceId ? [{ key: `ssh-password:instance:${name.instanceId}`, rule: config.rateLimits.sshPasswordPerInstance }] : []),
    ];
    for (const { key, rule } of limits) {
      if (await rateLimiter.exhausted(key, rule)) {
        log.warn({ remoteAddress, username, limit: key }, 'ssh gateway: password login refused, too many wrong passwords');
        return null;
      }
    }
    const instance = name && (await this.instanceForPassword(name.instanceId, password));
    if (instance) {
      await this.recordLogin(instance.id, 'password', remoteAddress, null);
      return { instanceId: instance.id, method: 'password', keyId: null };
    }
    for (const { key, rule } of limits) await rateLimiter.hit(key, rule);
    log.warn({ remoteAddress, username }, 'ssh gateway: wrong password');
    return null;
  }

  private async instanceForPassword(instanceId: number | null, password: string) {
    const { db } = this.app;
    const where =
      instanceId === null ? and(eq(instances.sshPassword, password), ne(instances.status, Status.released)) : eq(instances.id, instanceId);
    const [row] = await db.select({ id: instances.id, sshPassword: instances.sshPassword }).from(instances).where(where).limit(1);
    return row && sameSecret(row.sshPassword, password) ? row : null;
  }

  /** null: not a key we know for this login name; otherwise the login once the signature is proven (`pending` when none was sent yet). */
  async key(attempt: KeyAttempt): Promise<GatewayLogin | 'pending' | null> {
    const name = parseLoginName(attempt.username);
    if (!name) return null;
    const keys = await this.savedKeys(name.instanceId, fingerprintOf(attempt.keyBlob));
    if (keys.length === 0) return null;
    if (!attempt.signature) return 'pending';
    const { blob, signature, hashAlgo } = attempt.signature;
    if (!signedBy(keys[0]!.publicKey, blob, signature, hashAlgo)) return null;
    const owners = keys.map((key) => key.userId);
    const running =
      name.instanceId !== null
        ? [{ id: name.instanceId, userId: owners[0]! }]
        : await this.app.db
            .select({ id: instances.id, userId: instances.userId })
            .from(instances)
            .where(and(inArray(instances.userId, owners), eq(instances.status, Status.running)))
            .limit(2);
    if (running.length !== 1) {
      return {
        refusal:
          running.length === 0
            ? '没有运行中的实例，请在控制台开机后再登录'
            : '您有多个运行中的实例，请用 ssh -p <端口> root.<实例ID>@<主机> 指定要登录的实例（实例ID见控制台）',
      };
    }
    const [login] = running;
    const key = keys.find((candidate) => candidate.userId === login!.userId)!;
    await this.recordLogin(login!.id, 'key', attempt.remoteAddress, key.id);
    return { instanceId: login!.id, method: 'key', keyId: key.id };
  }

  /** The keys with this fingerprint that may log in: the named instance's owner's, or anyone's for plain `root`. */
  private async savedKeys(instanceId: number | null, fingerprint: string) {
    const { db } = this.app;
    const columns = { id: userSshKeys.id, userId: userSshKeys.userId, publicKey: userSshKeys.publicKey };
    if (instanceId === null) return db.select(columns).from(userSshKeys).where(eq(userSshKeys.fingerprint, fingerprint));
    const [instance] = await db.select({ userId: instances.userId }).from(instances).where(eq(instances.id, instanceId));
    if (!instance) return [];
    return db
      .select(columns)
      .from(userSshKeys)
      .where(and(eq(userSshKeys.userId, instance.userId), eq(userSshKeys.fingerprint, fingerprint)));
  }

  private async recordLogin(instanceId: number, method: 'password' | 'key', remoteAddress: string, keyId: number | null) {
    const now = this.app.clock.now();
    await this.app.db.insert(instanceLogins).values({ instanceId, method, remoteAddress, keyId, createdAt: now });
    if (keyId !== null) await this.app.db.update(userSshKeys).set({ lastUsedAt: now }).where(eq(userSshKeys.id, keyId));
  }
}
