import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { closePodmanTestApp, createPodmanTestApp, runningPodmanInstance } from '../../test-support/podman-test-app.js';
import type { DriverInstance } from '../driver.js';

let t: TestApp;

/** The pid of the `podman system service` this app's driver started (found as an operator would, by its socket). */
function servicePid(): number | null {
  const socket = path.join(t.app.config.dataDir, 'podman', 'podman.sock');
  try {
    const [pid] = execFileSync('pgrep', ['-f', `system service --time=0 unix://${socket}`], { encoding: 'utf8' })
      .trim()
      .split('\n');
    return Number(pid);
  } catch {
    return null;
  }
}

const ready = async () => (await t.app.inject({ method: 'GET', url: '/apis/ready' })).statusCode === 200;

/** Polls until `done` holds, within a generous bound (the figure itself is measured in bench/podman-instances.ts). */
async function until(what: string, done: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function echoInside(instance: DriverInstance) {
  const session = await t.app.compute.driver.exec(instance, { command: ['echo', 'still here'], tty: null });
  let output = '';
  session.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  expect(await session.exited).toBe(0);
  return output.trim();
}

describe('the Podman service dies while the server uses it', () => {
  beforeAll(async () => {
    t = await createPodmanTestApp();
  });
  afterAll(() => closePodmanTestApp(t));

  it('is started again: readiness recovers, the running instance is untouched, and exec and its web ports work again', async () => {
    const { row } = await runningPodmanInstance(t);
    const before = servicePid();
    expect(before).not.toBeNull();

    process.kill(before!, 'SIGKILL');
    await until('a new Podman service', () => {
      const now = servicePid();
      return now !== null && now !== before;
    });
    await until('readiness', ready);

    expect(await t.app.compute.driver.observe([row])).toEqual(new Map());
    expect(await echoInside(row)).toBe('still here');
    expect(await t.app.compute.driver.httpTarget(row, 8888)).not.toBeNull();
  });

  it('keeps starting it again when it dies again at once', async () => {
    for (let death = 0; death < 3; death++) {
      const before = servicePid();
      process.kill(before!, 'SIGKILL');
      await until(`service back after death ${death + 1}`, () => {
        const now = servicePid();
        return now !== null && now !== before;
      });
    }
    await until('readiness', ready);
  });
});
