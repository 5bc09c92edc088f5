interface Entry {
  service: string;
  expires: number;
  value: unknown;
}

/** The service of a call is the first segment of its path: `/user/auth/...` → `user`. */
export function serviceOf(path: string): string {
  return path.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '';
}

export function cacheKey(path: string, query?: Record<string, unknown>): string {
  const params = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `${path}?${JSON.stringify(params)}` : path;
}

/**
 * GET responses by cache key, each with its own lifetime. `version` changes on every clear, so a
 * response that was in flight across a clear is not stored.
 */
export class ApiCache {
  #entries = new Map<string, Entry>();
  #version = 0;

  get version(): number {
    return this.#version;
  }

  read<T>(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return structuredClone(entry.value) as T;
  }

  write(key: string, service: string, value: unknown, ttlMs: number, versionAtStart: number): void {
    if (versionAtStart !== this.#version) return;
    const now = Date.now();
    for (const [k, entry] of this.#entries) if (entry.expires <= now) this.#entries.delete(k);
    this.#entries.set(key, { service, expires: now + ttlMs, value: structuredClone(value) });
  }

  clear(service?: string): void {
    this.#version++;
    for (const [key, entry] of this.#entries) {
      if (service === undefined || entry.service === service) this.#entries.delete(key);
    }
  }
}

export const apiCache = new ApiCache();
