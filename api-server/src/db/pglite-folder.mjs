// How this server opens a PGlite folder, on its thread (pglite-thread.mjs) and when it creates one (pglite-create.mjs).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * 16 MB of shared buffers instead of PostgreSQL's 128 MB: PGlite keeps them in its WebAssembly memory, which only grows,
 * so they were about 100 MB of the idle server's memory (issue 31). Pages beyond them are read again from the files,
 * which the operating system caches.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The PGlite database in `folder` (created when missing), with the extensions the migrations use; `wasmModule` is
 * PGlite's WebAssembly compiled beforehand (pglite-on-thread.ts), else PGlite compiles its own.
 */
export function openPgliteFolder(folder, wasmModule) {
  return PGlite.create(folder, { extensions: { pg_trgm }, startParams, ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}) });
}
