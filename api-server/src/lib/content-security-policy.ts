import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** Where import-map overrides may load modules from during development (the override guard allows the same hosts). */
const overrideHosts = ['http://localhost:*', 'http://127.0.0.1:*'];

/**
 * The portal's policy: its modules, SystemJS and import-map-overrides are files of this origin;
 * hashing workers run from this origin or blob: URLs and compile WebAssembly; React and the dialogs set inline styles;
 * videos play from this origin or through Media Source Extensions.
 */
export const portalDirectives = {
  defaultSrc: ["'self'"],
  // hash-wasm compiles its MD5 to WebAssembly inside the hashing workers (which inherit this policy).
  scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...overrideHosts],
  connectSrc: ["'self'", ...overrideHosts],
  workerSrc: ["'self'", 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  // hls.js plays through Media Source Extensions (a blob: URL); the video page reads an upload's length from one too.
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  // A PDF previewed in the file pages is shown in a frame of a blob: URL (the bytes fetched with the session token).
  frameSrc: ["'self'", 'blob:'],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // The portal may be served over plain HTTP (an intranet address): its own requests must not be upgraded.
  upgradeInsecureRequests: null,
};

/** The `'sha256-…'` sources of the inline classic scripts of an HTML page, so exactly those may run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'text/javascript' && type !== 'module') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The policy as a header value, with extra script sources (the page's inline script hashes). */
export function policyHeader(directives: Record<string, string[] | null>, extraScriptSrc: string[] = []): string {
  return Object.entries({ ...directives, scriptSrc: [...(directives.scriptSrc ?? []), ...extraScriptSrc] })
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`.trim())
    .join('; ');
}

const pagePolicies = new Map<string, { mtimeMs: number; policy: string }>();

/**
 * The portal policy allowing the inline scripts of the HTML page at `filePath` (recomputed when the page changes),
 * requests to `connectTo` as well (the object store the browser uploads to and downloads from), and frames of
 * `frameFrom` (the instance-pages origins, where the remote desktop comes from).
 */
export function policyForPage(filePath: string, connectTo: string[] = [], frameFrom: string[] = []): string {
  const { mtimeMs } = fs.statSync(filePath);
  const key = [filePath, ...connectTo, '|', ...frameFrom].join(' ');
  const cached = pagePolicies.get(key);
  if (cached?.mtimeMs === mtimeMs) return cached.policy;
  const directives = {
    ...portalDirectives,
    connectSrc: [...portalDirectives.connectSrc, ...connectTo],
    frameSrc: [...portalDirectives.frameSrc, ...frameFrom],
  };
  const policy = policyHeader(directives, inlineScriptHashes(fs.readFileSync(filePath, 'utf8')));
  pagePolicies.set(key, { mtimeMs, policy });
  return policy;
}
