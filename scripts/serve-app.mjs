// `npm run serve:app -- mf-console [--port 18101]`: rebuilds one @rc module on every change and
// serves it (its entry and the chunks the entry loads beside it) with CORS on 127.0.0.1, so a running
// portal can be pointed at it with an override.
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { watchApp } from '../tools/web-build/app-build.mjs';
import { appModule } from '../tools/web-build/module-list.mjs';
import { repoPath } from '../tools/web-build/paths.mjs';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { port: { type: 'string' } } });
if (positionals.length !== 1 || !positionals[0]) {
  console.error('usage: npm run serve:app -- <mf-console|@rc/mf-console|...> [--port 18100-18199]');
  process.exit(2);
}
const module = appModule(positionals[0]);
const outDir = repoPath(module.workspace, 'dist');
const fileName = `${module.fileStem}.js`;
/** The entry or one of its chunks (`rc-mf-console.rent-page.B1x2c3d4.js`): no folder, no other file of dist/. @param {string} name */
const isModuleFile = (name) =>
  name === fileName || (name.startsWith(`${module.fileStem}.`) && name.endsWith('.js') && !/[\\/]|\.\./.test(name));

const server = createServer((request, response) => {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Private-Network', 'true');
  response.setHeader('Cache-Control', 'no-store');
  if (request.method === 'OPTIONS') return response.writeHead(204).end();
  const requested = new URL(request.url ?? '/', 'http://x').pathname.slice(1);
  const file = path.join(outDir, requested);
  if (!isModuleFile(requested) || !existsSync(file)) {
    return response.writeHead(404, { 'Content-Type': 'text/plain' }).end(`only /${fileName} and its chunks are served here\n`);
  }
  response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  createReadStream(file).pipe(response);
});

/** @param {number[]} ports */
async function listen(ports) {
  for (const port of ports) {
    const bound = await new Promise((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) return port;
  }
  throw new Error(`no free port among ${ports.join(', ')}`);
}

const port = await listen(values.port ? [Number(values.port)] : Array.from({ length: 100 }, (_, i) => 18100 + i));
const url = `http://127.0.0.1:${port}/${fileName}`;

const watcher = await watchApp(module);
watcher.on('event', (event) => {
  if (event.code === 'BUNDLE_END') {
    event.result.close();
    console.log(`[serve:app] ${module.name} built in ${event.duration} ms: ${url}`);
  }
  if (event.code === 'ERROR') console.error(`[serve:app] build failed: ${event.error.message}`);
});

console.log(`[serve:app] serving ${module.name} at ${url}
Point the portal at it (in the portal tab's console, then reload):
  localStorage.setItem('import-map-override:${module.name}', '${url}')
or with localStorage.devtools = true, open the import-map-overrides panel and enter port ${port}.
Undo: localStorage.removeItem('import-map-override:${module.name}')`);

process.on('SIGINT', async () => {
  await watcher.close();
  server.close();
  process.exit(0);
});
