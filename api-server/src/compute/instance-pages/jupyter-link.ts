import type { FastifyInstance } from 'fastify';

/** The port Jupyter listens on inside every instance (suanli-init.sh). */
export const jupyterPort = 8888;

/** The console's JupyterLab link: the port it opens on the instance-pages origin while the instance runs, else why not. */
export function jupyterLink(o: { webPages: boolean; running: boolean }) {
  if (!o.webPages) return { jupyterPort: null, jupyterReason: '模拟资源池中的实例没有真实容器，无法打开 JupyterLab' };
  if (!o.running) return { jupyterPort: null, jupyterReason: '开机后可用' };
  return { jupyterPort, jupyterReason: '' };
}

/** Instances serve web pages: every driver but the simulated pool, and that one with a stand-in (SIMULATED_WEB_TARGET). */
export const webPagesServed = (app: FastifyInstance) =>
  app.compute.driver.name !== 'simulated' || app.config.compute.simulatedWebTarget !== undefined;
