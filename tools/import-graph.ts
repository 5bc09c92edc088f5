// `npx tsx tools/import-graph.ts [--list]`: the server's import graph measured against the domain order of
// eslint.config.js. Prints how many imports go into another domain's internals (past its index.ts), how many run
// upward (to a domain later in the order), and the import cycles between files; --list names each one.
// Tests (*.test.ts) are left out: they may import test-support/, which stands above every domain.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(repoRoot, 'api-server/src');
/** eslint.config.js's domainOrder, as the rule domains/one-way receives it. */
const lintConfig = await new ESLint({ cwd: repoRoot }).calculateConfigForFile('api-server/src/lib/probe.ts');
const { order: domainOrder } = lintConfig.rules['domains/one-way'][1] as { order: string[] };
const list = process.argv.includes('--list');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(name) && !name.endsWith('.d.ts') && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** The domain a file belongs to: its top-level folder under src/, or the file itself for a top-level file. */
const domainOf = (file: string) => relative(root, file).split('/')[0]!;
const rank = (domain: string) => domainOrder.indexOf(domain);
const isFace = (file: string) =>
  relative(root, file).split('/').length === 1 || relative(root, file).split('/').slice(1).join('/') === 'index.ts';

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = resolve(dirname(from), specifier);
  for (const candidate of [
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.mjs$/, '.mts'),
    target,
    `${target}.ts`,
    join(target, 'index.ts'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this spelling; try the next.
    }
  }
  throw new Error(`${relative(root, from)}: cannot resolve ${specifier}`);
}

const files = sourceFiles(root);
const edges = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = importedFiles.map((entry) => resolveImport(file, entry.fileName)).filter((target): target is string => target !== null);
  edges.set(
    file,
    [...new Set(targets)].filter((target) => !/\.test\.ts$/.test(target)),
  );
}

const unordered = [...new Set(files.map(domainOf))].filter((domain) => rank(domain) < 0);
const internal: string[] = [];
const upward: string[] = [];
for (const [file, targets] of edges) {
  for (const target of targets) {
    const [from, to] = [domainOf(file), domainOf(target)];
    if (from === to) continue;
    const arrow = `${relative(root, file)} -> ${relative(root, target)}`;
    if (!isFace(target)) internal.push(arrow);
    if (rank(to) > rank(from)) upward.push(arrow);
  }
}

// Tarjan's strongly connected components: each component of more than one file is one import cycle.
const cycles: string[][] = [];
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
function visit(file: string) {
  index.set(file, index.size);
  low.set(file, index.get(file)!);
  stack.push(file);
  onStack.add(file);
  for (const target of edges.get(file) ?? []) {
    if (!index.has(target)) {
      visit(target);
      low.set(file, Math.min(low.get(file)!, low.get(target)!));
    } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
  }
  if (low.get(file) === index.get(file)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(root, member));
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const file of files) if (!index.has(file)) visit(file);

const fromModules = (arrows: string[]) => arrows.filter((arrow) => arrow.startsWith('modules/')).length;
console.log(`files: ${files.length} (tests left out)`);
if (unordered.length > 0) console.log(`not in the domain order: ${unordered.join(', ')}`);
console.log(`imports into another domain's internals: ${internal.length} (${fromModules(internal)} of them from modules/)`);
console.log(`upward imports: ${upward.length} (${fromModules(upward)} of them from modules/)`);
console.log(`import cycles: ${cycles.length}`);
if (list) {
  for (const [title, lines] of [
    ['internal', internal],
    ['upward', upward],
    ['cycles', cycles.map((cycle) => cycle.join(' <-> '))],
  ] as const) {
    console.log(`\n${title}:`);
    for (const line of lines) console.log(`  ${line}`);
  }
}
process.exitCode = internal.length + upward.length + cycles.length + unordered.length > 0 ? 1 : 0;
