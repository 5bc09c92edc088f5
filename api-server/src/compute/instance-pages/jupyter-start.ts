import type { FastifyInstance } from 'fastify';
import { connectTcp } from '../../lib/index.js';
import { DriverRefusal, type DriverInstance } from '../driver.js';
import { jupyterPort } from './jupyter-link.js';

/** Jupyter listens about two seconds after it was started on an idle machine; a busy one gets this long. */
const listenTimeoutMs = 30_000;
const probeEveryMs = 100;
const probeTimeoutMs = 5_000;

/** The exit code of `startScript` when the instance offers no Jupyter of ours. */
const notOffered = 3;

/**
 * Runs in the instance: starts Jupyter Notebook on port 8888 with the instance's token, once (a second open while it runs
 * finds its pid), unless the instance has no token of ours, its application serves that port itself, or its image has
 * no Jupyter. Its output goes to /var/log/jupyter.log, so the exec session ends while it runs.
 */
const startScript = `
[ -n "\${SUANLI_JUPYTER_TOKEN:-}" ] && [ -z "\${SUANLI_APP_SERVES_JUPYTER:-}" ] || exit ${notOffered}
exec 9>/run/suanli-jupyter.lock
flock 9
pid=$(cat /run/suanli-jupyter.pid 2>/dev/null)
if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then exit 0; fi
python3 -c 'import notebook' 2>/dev/null || exit ${notOffered}
setsid python3 -m notebook --ip=0.0.0.0 --port=${jupyterPort} --allow-root --no-browser --notebook-dir=/root \\
  --NotebookApp.token="$SUANLI_JUPYTER_TOKEN" >>/var/log/jupyter.log 2>&1 </dev/null 9>&- &
echo $! >/run/suanli-jupyter.pid
`;

async function listening(target: { host: string; port: number }) {
  const connected = await connectTcp(target.host, target.port, probeTimeoutMs);
  if (typeof connected === 'string') return false;
  connected.destroy();
  return true;
}

/**
 * Jupyter starts on an instance's first open rather than with its container (an instance never opened in Jupyter no
 * longer spends about a CPU-second and a Python server's memory on it): the proxy and the SSH gateway call this when
 * port 8888 refuses.
 * `started` once Jupyter listens after this call started it or waited for it; `wasListening` when something already
 * answered; `unavailable` when the instance offers none, its driver runs no processes, or it did not come up in time.
 */
export async function startJupyter(app: FastifyInstance, instance: DriverInstance): Promise<'started' | 'wasListening' | 'unavailable'> {
  const { driver } = app.compute;
  const target = await driver.httpTarget(instance, jupyterPort);
  if (!target) return 'unavailable';
  if (await listening(target)) return 'wasListening';
  let session;
  try {
    session = await driver.exec(instance, { command: ['/bin/sh', '-c', startScript], tty: null });
  } catch (error) {
    if (error instanceof DriverRefusal) return 'unavailable';
    throw error;
  }
  session.stdout.resume();
  session.stderr.resume();
  if ((await session.exited) !== 0) return 'unavailable';
  for (let waited = 0; waited < listenTimeoutMs; waited += probeEveryMs) {
    if (await listening(target)) return 'started';
    await new Promise((resolve) => setTimeout(resolve, probeEveryMs));
  }
  return 'unavailable';
}
