// Prints the TypeScript projects scripts/test.sh type-checks, one a line: api-server, e2e, tools and each workspace with
// a tsconfig.json, except that the browser workspaces (whose tsconfig.json extends tsconfig.browser.json and sets no
// compiler option of its own) are checked as one program, written to the folder given as argument: each on its own
// checked @rc/shared-utility and @rc/api-contract again from their sources.
// Usage: node scripts/type-check-projects.mjs <folder for the combined tsconfig.json>
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node scripts/type-check-projects.mjs <folder>');
const root = process.cwd();
/** @type {string[]} */
const workspaces = JSON.parse(readFileSync('package.json', 'utf8')).workspaces;
/** @type {string[]} */
const projects = [];
/** @type {string[]} */
const browserIncludes = [];
for (const project of ['api-server', ...workspaces.filter((name) => name !== 'api-server'), 'e2e', 'tools']) {
  const file = path.join(project, 'tsconfig.json');
  if (!existsSync(file)) continue;
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  const browserOnly = config.extends === '../tsconfig.browser.json' && !config.compilerOptions && !config.exclude;
  if (browserOnly) browserIncludes.push(.../** @type {string[]} */ (config.include).map((entry) => path.join(root, project, entry)));
  else projects.push(project);
}
if (browserIncludes.length) {
  mkdirSync(folder, { recursive: true });
  const combined = path.join(folder, 'tsconfig.json');
  writeFileSync(combined, JSON.stringify({ extends: path.join(root, 'tsconfig.browser.json'), include: browserIncludes }, null, 2));
  projects.push(combined);
}
console.log(projects.join('\n'));
