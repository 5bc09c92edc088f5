import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root folder. This module sits one level under api-server (src/, or dist/ once bundled,
 * tools/server-build), so the path holds in both layouts.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
