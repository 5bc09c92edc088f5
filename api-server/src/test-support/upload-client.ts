import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { demoAccounts, demoPassword } from '../seed/index.js';
import { createTestApp, login, type TestApp } from './test-app.js';

export interface Answer<T = any> {
  code: number;
  data: T;
  msg: string;
}

export const md5Of = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
export const randomFile = (size: number) => randomBytes(size);

export interface SignedInApp {
  t: TestApp;
  client: UploadClient;
  userId: number;
}

/** Registers a test file's hooks: a fresh app, `mobile` (the demo user) signed in on it over real HTTP and handed to `opened`. */
export function setUpSignedInApp(opened: (signedIn: SignedInApp) => void, mobile?: string): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    opened({ t, ...(await UploadClient.signedIn(t.app, mobile)) });
  });
  afterAll(() => t?.close());
}

/** Drives the upload endpoints over real HTTP (multipart and raw PUT bodies), as a browser would. */
export class UploadClient {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  static async listening(app: FastifyInstance, token: string): Promise<UploadClient> {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return new UploadClient(address, token);
  }

  /** A demo account signed in on `app`, with a client over real HTTP and the account's user id. */
  static async signedIn(app: FastifyInstance, mobile: string = demoAccounts.user): Promise<{ client: UploadClient; userId: number }> {
    const client = await UploadClient.listening(app, await login(app, mobile, demoPassword));
    const userId = ((await client.post('/apis/user/auth/user/ext/view', {})) as Answer<{ id: number }>).data.id;
    return { client, userId };
  }

  /** The same server, signed in as someone else. */
  withToken(token: string): UploadClient {
    return new UploadClient(this.base, token);
  }

  async post<T = any>(path: string, body: unknown, method: 'POST' | 'DELETE' = 'POST'): Promise<Answer<T>> {
    const response = await fetch(this.base + path, {
      method,
      headers: { token: this.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<Answer<T>>;
  }

  async get<T = any>(path: string, query: Record<string, string | number> = {}): Promise<Answer<T>> {
    const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
    const response = await fetch(`${this.base}${path}?${search}`, { headers: { token: this.token } });
    return response.json() as Promise<Answer<T>>;
  }

  /** A plain HTML form post (urlencoded), the token a hidden field as a download form sends it (or none). */
  postForm(path: string, fields: Record<string, string>, token: 'field' | 'none' = 'field'): Promise<Response> {
    return fetch(this.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(token === 'field' ? { ...fields, token: this.token } : fields).toString(),
    });
  }

  async chunkForm<T = any>(path: string, fields: Record<string, string | number>, bytes: Buffer): Promise<Answer<T>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append('file', new Blob([new Uint8Array(bytes)]), 'blob');
    const response = await fetch(this.base + path, { method: 'POST', headers: { token: this.token }, body: form });
    return response.json() as Promise<Answer<T>>;
  }

  async put<T = any>(url: string, bytes: Buffer, contentType = 'application/octet-stream'): Promise<Answer<T>> {
    const response = await fetch(this.base + url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
    return response.json() as Promise<Answer<T>>;
  }

  /** Raw bytes posted with the session token. */
  async postBytes<T = any>(path: string, bytes: Buffer): Promise<Answer<T>> {
    const response = await fetch(this.base + path, {
      method: 'POST',
      headers: { token: this.token, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    return response.json() as Promise<Answer<T>>;
  }

  /**
   * Every chunk of `bytes` to a chunk-form endpoint (`numbers` limits which, from 1). With `foldRemainder`, cut as
   * simple-uploader.js cuts by default: the remainder after the last whole chunk goes into that chunk.
   */
  async sendChunks(
    path: string,
    bytes: Buffer,
    o: { fileName: string; chunkSize: number; uploadPath?: string; numbers?: number[]; foldRemainder?: boolean },
  ): Promise<Answer[]> {
    const total = Math.max(1, (o.foldRemainder ? Math.floor : Math.ceil)(bytes.length / o.chunkSize));
    const answers: Answer[] = [];
    for (let n = 1; n <= total; n++) {
      if (o.numbers && !o.numbers.includes(n)) continue;
      const fields = {
        identifier: md5Of(bytes),
        filename: o.fileName,
        chunkNumber: n,
        totalChunks: total,
        chunkSize: o.chunkSize,
        totalSize: bytes.length,
        path: o.uploadPath ?? '',
      };
      const end = n === total ? bytes.length : n * o.chunkSize;
      answers.push(await this.chunkForm(path, fields, bytes.subarray((n - 1) * o.chunkSize, end)));
    }
    return answers;
  }
}
