// The shape of the code, measured the same way each time: import cycles between the folders directly
// under apps/server/src (type imports and re-exports included, test files left out), and the functions
// longer than 80 and 150 lines in apps/*/src and packages/*/src (tests and translation tables left
// out). Parses with the TypeScript-aware parser rolldown ships (oxc), so comments, strings and types
// never count as code by accident.
//
//   node --experimental-strip-types scripts/codeShape.ts            # both reports
//   node --experimental-strip-types scripts/codeShape.ts --json     # the same, for tools
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'rolldown/experimental';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = join(root, 'apps/server/src');
const LONG = 80;
const VERY_LONG = 150;

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isTranslation = (file: string) => file.split(sep).includes('i18n');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

// Nodes of the oxc ESTree-compatible AST, as far as this script reads them.
type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function parse(file: string): { program: Node; text: string } {
  const text = readFileSync(file, 'utf8');
  const result = parseSync(file, text);
  return { program: result.program as unknown as Node, text };
}

function walk(node: Node, visit: (node: Node, parent: Node | undefined) => void, parent?: Node): void {
  visit(node, parent);
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) walk(item, visit, node);
    } else if (isNode(value)) walk(value, visit, node);
  }
}

// (a) Import cycles between server folders.
function folderOf(file: string): string {
  const rel = relative(serverSrc, file).split(sep);
  return rel.length > 1 ? (rel[0] ?? '(root)') : '(root)';
}

function importedSpecifiers(program: Node): string[] {
  const specs: string[] = [];
  walk(program, (node) => {
    const source = node.source;
    if (
      (node.type === 'ImportDeclaration' ||
        node.type === 'ExportNamedDeclaration' ||
        node.type === 'ExportAllDeclaration' ||
        node.type === 'ImportExpression') &&
      isNode(source) &&
      typeof source.value === 'string'
    ) {
      specs.push(source.value);
    }
  });
  return specs;
}

export function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(serverSrc)) {
    if (isTest(file)) continue;
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const spec of importedSpecifiers(parse(file).program)) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(serverSrc + sep)) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const via = edges.get(to) ?? [];
      via.push(relative(serverSrc, file));
      edges.set(to, via);
    }
  }
  return graph;
}

// Tarjan's strongly connected components: every group of two or more folders is one cycle (or a knot
// of several); the edges inside it are the imports to cut.
function stronglyConnected(graph: Map<string, Map<string, string[]>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, indices.get(w) ?? 0));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) connect(v);
  return groups;
}

// (b) Long functions.
type LongFunction = { name: string; file: string; line: number; lines: number };

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function keyName(key: unknown): string | undefined {
  if (!isNode(key)) return undefined;
  if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') return String(key.name);
  if (key.type === 'Literal') return String(key.value);
  return undefined;
}

function functionName(node: Node, parent: Node | undefined): string {
  if (isNode(node.id)) return String(node.id.name);
  if (!parent) return '(anonymous)';
  if (parent.type === 'VariableDeclarator') return keyName(parent.id) ?? '(anonymous)';
  if (
    parent.type === 'MethodDefinition' ||
    parent.type === 'Property' ||
    parent.type === 'PropertyDefinition'
  )
    return keyName(parent.key) ?? '(anonymous)';
  if (parent.type === 'CallExpression') {
    const callee = parent.callee;
    const calleeName = isNode(callee)
      ? callee.type === 'MemberExpression'
        ? keyName(callee.property)
        : keyName(callee)
      : undefined;
    return `(callback of ${calleeName ?? 'a call'})`;
  }
  return '(anonymous)';
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

export function longFunctions(): LongFunction[] {
  const dirs = ['apps', 'packages'].flatMap((top) =>
    readdirSync(join(root, top))
      .map((name) => join(root, top, name, 'src'))
      .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory()),
  );
  const found: LongFunction[] = [];
  for (const file of dirs.flatMap(sourceFiles)) {
    if (isTest(file) || isTranslation(file)) continue;
    const { program, text } = parse(file);
    const starts = lineStarts(text);
    walk(program, (node, parent) => {
      if (!FUNCTION_TYPES.has(node.type)) return;
      const line = lineOf(starts, node.start);
      const lines = lineOf(starts, node.end) - line + 1;
      if (lines > LONG)
        found.push({ name: functionName(node, parent), file: relative(root, file), line, lines });
    });
  }
  return found.sort((a, b) => b.lines - a.lines);
}

function main(): void {
  const graph = folderGraph();
  const cycles = stronglyConnected(graph);
  const functions = longFunctions();
  const veryLong = functions.filter((f) => f.lines > VERY_LONG);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ cycles, functions }, null, 2));
    return;
  }
  console.log(`Import cycles between apps/server/src folders: ${cycles.length}`);
  for (const group of cycles) {
    console.log(`- ${group.length} folders: ${group.join(', ')}`);
    const members = new Set(group);
    for (const from of group) {
      for (const [to, via] of graph.get(from) ?? []) {
        if (!members.has(to)) continue;
        console.log(`    ${from} -> ${to}  (${[...new Set(via)].join(', ')})`);
      }
    }
  }
  console.log('');
  console.log(
    `Functions over ${VERY_LONG} lines: ${veryLong.length}; over ${LONG} lines: ${functions.length}`,
  );
  for (const f of functions) {
    const mark = f.lines > VERY_LONG ? '!' : ' ';
    console.log(`${mark} ${String(f.lines).padStart(4)}  ${f.name}  ${f.file}:${f.line}`);
  }
}

main();
