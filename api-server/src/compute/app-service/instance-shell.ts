import type { ComputeDriver, DriverInstance } from '../driver.js';

const shellTimeoutMs = 10_000;

/** Runs a shell script in the running instance through the driver; answers its exit code and output (stderr left out). */
export async function runInInstance(driver: ComputeDriver, instance: DriverInstance, script: string) {
  const session = await driver.exec(instance, { command: ['/bin/sh', '-c', script], tty: null });
  session.stdin.end();
  const chunks: Buffer[] = [];
  session.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  session.stderr.resume();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void session.kill().catch(() => {});
      reject(new Error('the command in the instance did not end in time'));
    }, shellTimeoutMs);
  });
  try {
    const code = await Promise.race([session.exited, timedOut]);
    return { code, stdout: Buffer.concat(chunks) };
  } finally {
    clearTimeout(timer);
  }
}
