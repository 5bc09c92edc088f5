import { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import type { RateLimitRule } from '../config.js';
import type { RateLimiter } from '../lib/index.js';
import type { EventStreams, SharedCache, SharedState, StreamEvent, VersionCounters } from './shared-state.js';

const prefix = 'rc:';
const eventChannel = `${prefix}events`;
/** An idle stream (nobody's events for a day) is dropped; a client resuming from it is sent a fresh state. */
const streamIdleMs = 24 * 60 * 60 * 1000;
/** Redis drops a rate-limit window this long after it ends by the app's clock; until then the app's clock decides. */
const windowBackstopMs = 60 * 60 * 1000;

/**
 * Shared state in Redis, for several replicas. Time is always the app's clock (windows, cache expiry), Redis only
 * counts and forgets; one connection for commands and one that only listens to the event channel.
 */
export async function createRedisState(url: string, clock: Clock, options: { retainEvents: number }): Promise<SharedState> {
  const commands = await connect(url);
  let subscriber: Redis;
  try {
    subscriber = await connect(url);
  } catch (error) {
    commands.disconnect();
    throw error;
  }
  const events = new RedisEventStreams(commands, subscriber, options.retainEvents);
  await subscriber.subscribe(eventChannel);
  return {
    kind: 'redis',
    versions: new RedisVersions(commands),
    rateLimiter: new RedisRateLimiter(commands, clock),
    cache: new RedisCache(commands, clock),
    events,
    async close() {
      await Promise.allSettled([subscriber.quit(), commands.quit()]);
    },
  };
}

/** Fails at once with the reason when Redis cannot be reached at start; once connected, reconnects after a loss. */
async function connect(url: string): Promise<Redis> {
  let connected = false;
  let lastError: Error | undefined;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 2,
    retryStrategy: (attempt) => (connected ? Math.min(attempt * 100, 2_000) : null),
  });
  redis.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const reason = lastError?.message ?? (error as Error).message;
    throw new Error(`REDIS_URL: cannot connect to Redis at ${redis.options.host}:${redis.options.port}: ${reason}`, { cause: error });
  }
  connected = true;
  return redis;
}

class RedisVersions implements VersionCounters {
  constructor(private readonly redis: Redis) {}

  async current(key: string) {
    const [version] = await this.currentMany([key]);
    return version!;
  }

  async currentMany(keys: string[]) {
    if (keys.length === 0) return [];
    const values = await this.redis.mget(keys.map(versionKey));
    return values.map((value) => Number(value ?? 0));
  }

  async bump(keys: string[]) {
    if (keys.length === 0) return;
    const pipeline = this.redis.multi();
    for (const key of keys) pipeline.incr(versionKey(key));
    await pipeline.exec();
  }
}

const versionKey = (key: string) => `${prefix}v:${key}`;

/** Starts a window at the first hit after the last one ended (the in-process limiter's rule), by the app's clock. */
const hitScript = `
local started = tonumber(redis.call('HGET', KEYS[1], 's'))
local now = tonumber(ARGV[1])
if not started or now - started >= tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 's', ARGV[1], 'c', 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return 1
end
return redis.call('HINCRBY', KEYS[1], 'c', 1)
`;

class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, rule: RateLimitRule) {
    const now = this.clock.now().getTime();
    const count = await this.redis.eval(hitScript, 1, rateKey(key), now, rule.windowMs, rule.windowMs + windowBackstopMs);
    return Number(count) <= rule.max;
  }

  async exhausted(key: string, rule: RateLimitRule) {
    const [started, count] = await this.redis.hmget(rateKey(key), 's', 'c');
    if (started === null || count === null) return false;
    return this.clock.now().getTime() - Number(started) < rule.windowMs && Number(count) >= rule.max;
  }
}

const rateKey = (key: string) => `${prefix}rate:${key}`;

/** Values carry their expiry by the app's clock; Redis forgets them after the same time by its own. */
class RedisCache implements SharedCache {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  async get(key: string) {
    return this.unexpired(await this.redis.get(cacheKey(key)));
  }

  async take(key: string) {
    return this.unexpired(await this.redis.getdel(cacheKey(key)));
  }

  private unexpired(stored: string | null) {
    if (stored === null) return undefined;
    const separator = stored.indexOf(':');
    if (Number(stored.slice(0, separator)) <= this.clock.now().getTime()) return undefined;
    return stored.slice(separator + 1);
  }

  async set(key: string, value: string, ttlMs: number) {
    const expiresAt = this.clock.now().getTime() + ttlMs;
    await this.redis.set(cacheKey(key), `${expiresAt}:${value}`, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async delete(keys: string[]) {
    if (keys.length > 0) await this.redis.del(keys.map(cacheKey));
  }
}

const cacheKey = (key: string) => `${prefix}cache:${key}`;

/** Appends and announces in one step, so that every replica hears a stream's events in the order of their ids. */
const appendScript = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '*', 'p', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], cjson.encode({ARGV[5], id, ARGV[2]}))
return id
`;

const streamIdShape = /^\d{1,20}-\d{1,20}$/;

/** Stream ids are Redis stream ids (`<ms>-<seq>`), comparable across replicas. */
class RedisEventStreams implements EventStreams {
  private readonly listeners = new Set<(stream: string, event: StreamEvent) => void>();

  constructor(
    private readonly redis: Redis,
    subscriber: Redis,
    private readonly retain: number,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== eventChannel) return;
      const [stream, id, payload] = JSON.parse(message) as [string, string, string];
      for (const listener of this.listeners) listener(stream, { id, payload });
    });
  }

  async append(stream: string, payload: string) {
    const id = await this.redis.eval(appendScript, 1, streamKey(stream), this.retain, payload, streamIdleMs, eventChannel, stream);
    return String(id);
  }

  async since(stream: string, afterId: string) {
    if (!streamIdShape.test(afterId)) return null;
    const key = streamKey(stream);
    const results = await this.redis.multi().xinfo('STREAM', key).xrange(key, `(${afterId}`, '+').exec();
    const [[infoError, info], [rangeError, entries]] = results as [[Error | null, unknown[]], [Error | null, Array<[string, string[]]>]];
    if (infoError || rangeError) return null;
    const fields = new Map<string, unknown>();
    for (let i = 0; i + 1 < info.length; i += 2) fields.set(String(info[i]), info[i + 1]);
    const after = parseId(afterId);
    if (compareIds(after, parseId(String(fields.get('last-generated-id')))) > 0) return null;
    const trimmed = Number(fields.get('entries-added')) > Number(fields.get('length'));
    const first = fields.get('recorded-first-entry-id');
    // Once the log was trimmed, only an id it still holds (or a newer one) proves that nothing after it was dropped.
    if (trimmed && (typeof first !== 'string' || compareIds(after, parseId(first)) < 0)) return null;
    return entries.map(([id, values]) => ({ id, payload: values[values.indexOf('p') + 1]! }));
  }

  listen(listener: (stream: string, event: StreamEvent) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

const streamKey = (stream: string) => `${prefix}stream:${stream}`;

function parseId(id: string): [bigint, bigint] {
  const [ms, sequence] = id.split('-');
  return [BigInt(ms ?? 0), BigInt(sequence ?? 0)];
}

function compareIds(a: [bigint, bigint], b: [bigint, bigint]) {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] === b[1] ? 0 : a[1] < b[1] ? -1 : 1;
}
