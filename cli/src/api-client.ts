import type { EnvelopeOf } from '@rc/api-contract/envelope';
import { CliError, exitCodes } from './cli-error.js';
import type { Credentials } from './config-file.js';

/** The server's answers that mean the key is not (or no longer) good: the caller has to log in again. */
const keyRefusedCodes = new Set([304, 401]);

/** `http://host:port` as typed, without a trailing slash; anything else is a usage error. */
export function serverOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(exitCodes.usage, `服务器地址格式不正确：${text}（例如 http://localhost:8080）`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(exitCodes.usage, `服务器地址须以 http:// 或 https:// 开头：${text}`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * Calls under `/apis` with the API key as `Authorization: Bearer`. Resolves the envelope's `data` on code 200; otherwise
 * throws a CliError carrying the server's own `msg`, classified by its code (key refused, or any other refusal).
 */
export class ApiClient {
  constructor(private readonly credentials: Credentials) {}

  get server(): string {
    return this.credentials.server;
  }

  post<T>(path: string, body: unknown = {}): Promise<T> {
    return this.call<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const search = new URLSearchParams(query).toString();
    return this.call<T>(search ? `${path}?${search}` : path, { method: 'GET' });
  }

  /** A multipart form (an upload's chunk). */
  postForm<T>(path: string, form: FormData): Promise<T> {
    return this.call<T>(path, { method: 'POST', body: form });
  }

  /**
   * The raw answer of a call that answers bytes when it succeeds (a download, whole, a range, or 416 for a range past
   * its end); an envelope there is a refusal.
   */
  async fetchBytes(path: string, query: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const response = await this.send(`${path}?${new URLSearchParams(query)}`, { method: 'GET', headers });
    if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
      const envelope = await this.envelopeOf<null>(response);
      throw refusal(envelope);
    }
    if (![200, 206, 416].includes(response.status)) throw this.unexpected(response.status);
    return response;
  }

  private async call<T>(path: string, init: RequestInit): Promise<T> {
    const envelope = await this.envelopeOf<T>(await this.send(path, init));
    if (envelope.code !== 200) throw refusal(envelope);
    return envelope.data;
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    const headers = { ...(init.headers as Record<string, string>), authorization: `Bearer ${this.credentials.key}` };
    try {
      return await fetch(`${this.credentials.server}/apis${path}`, { ...init, headers });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliError(exitCodes.network, `无法连接服务器 ${this.credentials.server}：${cause?.code ?? cause?.message ?? String(error)}`);
    }
  }

  private async envelopeOf<T>(response: Response): Promise<EnvelopeOf<T>> {
    const text = await response.text().catch(() => '');
    let envelope: EnvelopeOf<T> | null = null;
    try {
      envelope = JSON.parse(text) as EnvelopeOf<T>;
    } catch {
      // not JSON: below
    }
    // The envelope decides, whatever the HTTP status: a proxy's error page is not one.
    if (typeof envelope?.code !== 'number' || typeof envelope.msg !== 'string') throw this.unexpected(response.status);
    return envelope;
  }

  private unexpected(status: number): CliError {
    return new CliError(exitCodes.network, `服务器 ${this.credentials.server} 的应答不是算力云接口的格式（HTTP ${status}）`);
  }
}

function refusal(envelope: EnvelopeOf<unknown>): CliError {
  const exitCode = keyRefusedCodes.has(envelope.code) ? exitCodes.auth : exitCodes.refused;
  return new CliError(exitCode, envelope.msg || `服务器拒绝了请求（${envelope.code}）`, envelope.code);
}
