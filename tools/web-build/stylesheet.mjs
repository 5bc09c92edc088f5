// Fomantic UI's stylesheet (it bundles Lato; no Google Fonts import) with its fonts published
// under hashed names and a CJK font stack after Lato, so Chinese text uses a CJK face everywhere.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageDir } from './paths.mjs';
import { publish } from './publish.mjs';

const fomanticDir = packageDir('fomantic-ui-css');
const fomanticStack = 'font-family:Lato,system-ui,';
const portalStack = 'font-family:Lato,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",system-ui,';

export async function publishStylesheet() {
  let css = await readFile(path.join(fomanticDir, 'semantic.min.css'), 'utf8');
  if (!css.includes(fomanticStack)) throw new Error(`fomantic-ui-css no longer declares "${fomanticStack}"`);
  css = css.replaceAll(fomanticStack, portalStack);

  const relativeUrls = new Map(
    [...css.matchAll(/url\((["']?)(?!data:|https?:|\/\/|#)([^)"']+)\1\)/g)].map((m) => /** @type {const} */ ([m[0], m[2] ?? ''])),
  );
  for (const [reference, source] of relativeUrls) {
    const extension = path.extname(source);
    const asset = await publish(`assets/${path.basename(source, extension)}`, extension, await readFile(path.join(fomanticDir, source)));
    css = css.replaceAll(reference, `url(${asset.url})`);
  }
  return publish('fomantic', '.css', css);
}
