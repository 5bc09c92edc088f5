import fs from 'node:fs/promises';

/** Asks the server for the file's bytes with these extra headers (`Range`, `If-Range`). */
type FetchFile = (headers: Record<string, string>) => Promise<Response>;

const partOf = (file: string) => `${file}.part`;
const tagOf = (file: string) => `${file}.part.etag`;

/**
 * Downloads through `<file>.part`, keeping the server's ETag beside it: a run after an interruption asks only for the
 * bytes still missing of `expected` (`Range` with `If-Range`), and starts over when the file has changed on the server
 * since. A fresh download is saved where `targetOf` says once the answer names the file (a folder comes as a zip).
 * Answers where the file was saved and how many bytes were kept from the earlier run.
 */
export async function resumableDownload(
  fetchFile: FetchFile,
  o: { expected: string; targetOf: (response: Response) => Promise<string> },
): Promise<{ file: string; resumedFrom: number }> {
  const held = await heldPart(o.expected);
  let response = await fetchFile(held ? { range: `bytes=${held.bytes}-`, 'if-range': held.etag } : {});
  if (response.status === 416) response = await fetchFile({});
  if (held && response.status === 206) {
    await writeBody(response, o.expected, 'a');
    return { file: await finish(o.expected), resumedFrom: held.bytes };
  }
  const file = await o.targetOf(response);
  await fs.writeFile(tagOf(file), response.headers.get('etag') ?? '');
  await writeBody(response, file, 'w');
  return { file: await finish(file), resumedFrom: 0 };
}

async function heldPart(file: string): Promise<{ bytes: number; etag: string } | null> {
  const bytes = (await fs.stat(partOf(file)).catch(() => null))?.size ?? 0;
  const etag = await fs.readFile(tagOf(file), 'utf8').catch(() => '');
  return bytes > 0 && etag ? { bytes, etag } : null;
}

async function writeBody(response: Response, file: string, flags: 'a' | 'w') {
  // The resume test's stand-in for a person pressing Ctrl-C or a lost connection: a kill once this many bytes are written.
  const stopAfter = Number(process.env.SUANLI_STOP_AFTER_BYTES) || Infinity;
  const handle = await fs.open(partOf(file), flags);
  try {
    let written = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      await handle.write(chunk);
      written += chunk.byteLength;
      if (written >= stopAfter) process.kill(process.pid, 'SIGKILL');
    }
  } finally {
    await handle.close();
  }
}

async function finish(file: string): Promise<string> {
  await fs.rename(partOf(file), file);
  await fs.rm(tagOf(file), { force: true });
  return file;
}
