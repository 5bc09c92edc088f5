// docs/architecture.md's table from a URL to its code must name every folder a feature can live in, and only folders
// that exist, so a new domain folder, route folder or micro-app screen folder cannot be added without its row.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The rows of the table under "## From a URL to its code" in docs/architecture.md, each keyed by its column heading. */
function architectureTable(markdown: string): Record<string, string>[] {
  const start = markdown.indexOf('\n## From a URL to its code\n');
  if (start === -1) throw new Error('docs/architecture.md has no "## From a URL to its code" section');
  const end = markdown.indexOf('\n## ', start + 1);
  const lines = markdown
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('|'));
  const [heading, , ...rows] = lines.map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );
  if (!heading) throw new Error('docs/architecture.md has no table under "## From a URL to its code"');
  return rows.map((cells) => Object.fromEntries(heading.map((name, index) => [name, cells[index] ?? ''])));
}

/** The folders a cell names: each code span ending in `/` (`billing/`, `modules/user/account/`, `mf-storage/src/files/`). */
function cellFolders(cell: string): string[] {
  return [...cell.matchAll(/`([a-z][a-z0-9-]*(?:\/[a-z0-9-]+)*\/)`/g)].map((match) => match[1]!);
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverSource = path.join(repoRoot, 'api-server/src');

const table = architectureTable(fs.readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8'));
const named = (column: string) => new Set(table.flatMap((row) => cellFolders(row[column] ?? '')));

function directoriesIn(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Every folder under `modules/` (as `modules/…/`) that holds a route file. */
function routeFolders(folder = 'modules'): string[] {
  const entries = fs.readdirSync(path.join(serverSource, folder), { withFileTypes: true });
  const own = entries.some((entry) => entry.isFile() && entry.name.endsWith('-routes.ts')) ? [`${folder}/`] : [];
  return [...own, ...entries.filter((entry) => entry.isDirectory()).flatMap((entry) => routeFolders(`${folder}/${entry.name}`))];
}

const microAppFolders = directoriesIn(repoRoot)
  .filter((name) => name.startsWith('mf-'))
  .flatMap((app) => directoriesIn(path.join(repoRoot, app, 'src')).map((folder) => `${app}/src/${folder}/`));

describe('the URL → folder table of docs/architecture.md', () => {
  it('has its columns and rows', () => {
    expect(Object.keys(table[0] ?? {})).toEqual(['API URL prefix', 'route folder', 'domain folders', 'screens', 'micro-app folder']);
    expect(table.length).toBeGreaterThan(40);
  });

  it('names every folder of api-server/src/ as a domain folder (route modules by their route folders)', () => {
    const domains = named('domain folders');
    const folders = directoriesIn(serverSource).filter((name) => name !== 'modules');
    expect(folders).toContain('billing');
    expect(folders.filter((name) => !domains.has(`${name}/`))).toEqual([]);
  });

  it('names every route folder of api-server/src/modules/', () => {
    const routes = named('route folder');
    expect(routeFolders()).toContain('modules/user/billing/');
    expect(routeFolders().filter((folder) => !routes.has(folder))).toEqual([]);
  });

  it('names every top-level folder of each micro-app’s src/', () => {
    const apps = named('micro-app folder');
    expect(microAppFolders).toContain('mf-learning/src/exam-taking/');
    expect(microAppFolders.filter((folder) => !apps.has(folder))).toEqual([]);
  });

  it('names no folder that does not exist', () => {
    const gone = [
      ...[...named('domain folders'), ...named('route folder')].filter((folder) => !fs.existsSync(path.join(serverSource, folder))),
      ...[...named('micro-app folder')].filter((folder) => !fs.existsSync(path.join(repoRoot, folder))),
    ];
    expect(gone).toEqual([]);
  });
});
