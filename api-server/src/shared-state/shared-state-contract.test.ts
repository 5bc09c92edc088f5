import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../test-support/test-app.js';
import { startRedisServer, type RedisServer } from '../test-support/redis-server.js';
import { createInProcessState } from './in-process-state.js';
import { createRedisState } from './redis-state.js';
import type { SharedState, StreamEvent } from './shared-state.js';

/** How to make a state of one implementation; every state made is closed after its test. */
interface Subject {
  kind: SharedState['kind'];
  create(clock: ManualClock, options: { retainEvents: number }): Promise<SharedState>;
}

const rule = { max: 3, windowMs: 60_000 };
let unique = 0;
/** Keys and streams of their own per test: the Redis subject's states share one server. */
const fresh = (name: string) => `${name}-${process.pid}-${++unique}`;

async function waitFor(condition: () => boolean) {
  for (let attempt = 0; !condition(); attempt++) {
    if (attempt === 500) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function sharedStateContract(subject: Subject) {
  describe(`the shared-state contract (${subject.kind})`, () => {
    const opened: SharedState[] = [];
    const open = async (clock = new ManualClock(), retainEvents = 50) => {
      const state = await subject.create(clock, { retainEvents });
      opened.push(state);
      return state;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((state) => state.close()));
    });

    it('versions start at 0 and move on each bump, read one by one or several at once', async () => {
      const state = await open();
      const [a, b] = [fresh('user:a'), fresh('user:b')];
      expect(state.kind).toBe(subject.kind);
      expect(await state.versions.current(a)).toBe(0);
      await state.versions.bump([a]);
      await state.versions.bump([a, b]);
      expect(await state.versions.current(a)).toBe(2);
      expect(await state.versions.currentMany([b, fresh('never'), a])).toEqual([1, 0, 2]);
      expect(await state.versions.currentMany([])).toEqual([]);
    });

    it('a rate-limit window allows max hits from its first hit and starts again once windowMs passed by the app clock', async () => {
      const clock = new ManualClock();
      const state = await open(clock);
      const key = fresh('login');
      expect(await state.rateLimiter.exhausted(key, rule)).toBe(false);
      expect(await state.rateLimiter.hit(key, rule)).toBe(true);
      clock.advance(30_000);
      expect(await state.rateLimiter.hit(key, rule)).toBe(true);
      expect(await state.rateLimiter.exhausted(key, rule)).toBe(false);
      expect(await state.rateLimiter.hit(key, rule)).toBe(true);
      expect(await state.rateLimiter.exhausted(key, rule)).toBe(true);
      expect(await state.rateLimiter.hit(key, rule)).toBe(false);
      // The window runs from its first hit, not from a wall-clock boundary and not from the last hit.
      clock.advance(29_999);
      expect(await state.rateLimiter.hit(key, rule)).toBe(false);
      clock.advance(1);
      expect(await state.rateLimiter.exhausted(key, rule)).toBe(false);
      expect(await state.rateLimiter.hit(key, rule)).toBe(true);
      expect(await state.rateLimiter.hit(fresh('other'), rule)).toBe(true);
    });

    it('exhausted counts no hit', async () => {
      const state = await open();
      const key = fresh('sms');
      for (let i = 0; i < 5; i++) expect(await state.rateLimiter.exhausted(key, rule)).toBe(false);
      expect(await state.rateLimiter.hit(key, { max: 1, windowMs: 60_000 })).toBe(true);
      expect(await state.rateLimiter.exhausted(key, { max: 1, windowMs: 60_000 })).toBe(true);
    });

    it('the cache keeps a value until its TTL passes by the app clock, and forgets deleted keys', async () => {
      const clock = new ManualClock();
      const state = await open(clock);
      const [a, b] = [fresh('site'), fresh('regions')];
      expect(await state.cache.get(a)).toBeUndefined();
      await state.cache.set(a, '{"name":"算力云"}', 60_000);
      await state.cache.set(b, 'x:y', 60_000);
      expect(await state.cache.get(a)).toBe('{"name":"算力云"}');
      expect(await state.cache.get(b)).toBe('x:y');
      await state.cache.set(b, 'newer', 120_000);
      clock.advance(59_999);
      expect(await state.cache.get(a)).toBe('{"name":"算力云"}');
      clock.advance(1);
      expect(await state.cache.get(a)).toBeUndefined();
      expect(await state.cache.get(b)).toBe('newer');
      await state.cache.delete([b, fresh('absent')]);
      expect(await state.cache.get(b)).toBeUndefined();
    });

    it('take gives a value once, to one of the callers taking it at the same moment, and nothing once its TTL passed', async () => {
      const clock = new ManualClock();
      const [one, two] = [await open(clock), await open(clock)];
      const [ticket, expiring] = [fresh('ticket'), fresh('expiring')];
      await one.cache.set(ticket, 'session:7', 60_000);
      const taken = await Promise.all([one.cache.take(ticket), two.cache.take(ticket), one.cache.take(ticket), two.cache.take(ticket)]);
      expect(taken.filter((value) => value !== undefined)).toEqual(['session:7']);
      expect(await one.cache.get(ticket)).toBeUndefined();
      await one.cache.set(expiring, 'session:8', 60_000);
      clock.advance(59_999);
      expect(await one.cache.get(expiring)).toBe('session:8');
      clock.advance(1);
      expect(await one.cache.take(expiring)).toBeUndefined();
      expect(await one.cache.take(fresh('never'))).toBeUndefined();
    });

    it('a stream resumes after any id it still holds, and refuses ids it cannot continue from', async () => {
      const state = await open(new ManualClock(), 3);
      const stream = fresh('user-1');
      const ids: string[] = [];
      for (const payload of ['a', 'b']) ids.push(await state.events.append(stream, payload));
      expect(ids[0]).not.toBe(ids[1]);
      expect(await state.events.since(stream, ids[0]!)).toEqual([{ id: ids[1], payload: 'b' }]);
      expect(await state.events.since(stream, ids[1]!)).toEqual([]);
      for (const payload of ['c', 'd', 'e']) ids.push(await state.events.append(stream, payload));
      // Only the newest 3 are kept: after 'a' the events 'b' was dropped, so a client there needs a fresh state.
      expect(await state.events.since(stream, ids[0]!)).toBeNull();
      expect((await state.events.since(stream, ids[2]!))?.map((event) => event.payload)).toEqual(['d', 'e']);
      for (const malformed of ['', 'garbage', '1-2-3', '-1', `${ids[4]}x`]) expect(await state.events.since(stream, malformed)).toBeNull();
      expect(await state.events.since(stream, '99999999999999-0')).toBeNull();
    });

    it('listeners hear every append, in order, until they stop', async () => {
      const state = await open();
      const stream = fresh('user-2');
      const heard: StreamEvent[] = [];
      const stop = state.events.listen((from, event) => {
        if (from === stream) heard.push(event);
      });
      const first = await state.events.append(stream, 'one');
      const second = await state.events.append(stream, 'two');
      await waitFor(() => heard.length === 2);
      expect(heard).toEqual([
        { id: first, payload: 'one' },
        { id: second, payload: 'two' },
      ]);
      stop();
      await state.events.append(stream, 'unheard');
      const marker = fresh('marker');
      let markerHeard = false;
      state.events.listen((from) => void (from === marker && (markerHeard = true)));
      await state.events.append(marker, 'after');
      await waitFor(() => markerHeard);
      expect(heard).toHaveLength(2);
    });
  });
}

sharedStateContract({ kind: 'in-process', create: async (clock, options) => createInProcessState(clock, options) });

describe('Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  sharedStateContract({ kind: 'redis', create: (clock, options) => createRedisState(redis.url, clock, options) });

  describe('two replicas on one Redis', () => {
    let replicas: SharedState[];
    beforeAll(async () => {
      const clock = new ManualClock();
      replicas = [
        await createRedisState(redis.url, clock, { retainEvents: 50 }),
        await createRedisState(redis.url, clock, { retainEvents: 50 }),
      ];
    });
    afterAll(async () => {
      await Promise.all(replicas.map((state) => state.close()));
    });

    it('see each other’s versions, rate-limit counts and cache', async () => {
      const [one, two] = replicas as [SharedState, SharedState];
      const key = fresh('user:7');
      const before = await two.versions.current(key);
      await one.versions.bump([key]);
      expect(await two.versions.current(key)).toBe(before + 1);
      const limited = fresh('login');
      expect(await one.rateLimiter.hit(limited, { max: 1, windowMs: 60_000 })).toBe(true);
      expect(await two.rateLimiter.hit(limited, { max: 1, windowMs: 60_000 })).toBe(false);
      const cached = fresh('regions');
      await one.cache.set(cached, 'value', 60_000);
      expect(await two.cache.get(cached)).toBe('value');
      await two.cache.delete([cached]);
      expect(await one.cache.get(cached)).toBeUndefined();
      const ticket = fresh('ticket');
      await one.cache.set(ticket, 'once', 60_000);
      const taken = await Promise.all([one.cache.take(ticket), two.cache.take(ticket), one.cache.take(ticket), two.cache.take(ticket)]);
      expect(taken.filter((value) => value === 'once')).toHaveLength(1);
    });

    it('hear each other’s events, and either resumes a stream the other appended to', async () => {
      const [one, two] = replicas as [SharedState, SharedState];
      const stream = fresh('user-8');
      const heardByBoth: StreamEvent[][] = [[], []];
      replicas.forEach((state, index) => state.events.listen((from, event) => void (from === stream && heardByBoth[index]!.push(event))));
      const first = await one.events.append(stream, 'from one');
      const second = await two.events.append(stream, 'from two');
      await waitFor(() => heardByBoth.every((heard) => heard.length === 2));
      for (const heard of heardByBoth) expect(heard.map((event) => event.id)).toEqual([first, second]);
      expect(await one.events.since(stream, first)).toEqual([{ id: second, payload: 'from two' }]);
      expect(await two.events.since(stream, first)).toEqual([{ id: second, payload: 'from two' }]);
    });
  });

  it('a Redis that cannot be reached at start is a clear error, at once', async () => {
    const gone = await startRedisServer();
    await gone.stop();
    await expect(createRedisState(gone.url, new ManualClock(), { retainEvents: 50 })).rejects.toThrow(
      /REDIS_URL: cannot connect to Redis at 127\.0\.0\.1:\d+/,
    );
  });
});
