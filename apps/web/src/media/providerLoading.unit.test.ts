// The mesh room must not carry OpenTok's library (several megabytes): only a dynamic import may reach
// it. Walks the static imports from createMediaSession.ts and checks none of them loads @opentok/client;
// the janus provider is loaded on demand too.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
// Value imports only: `import type` and `import { type X }`-only lines are erased at build time.
const STATIC_IMPORT = /^import\s+(?!type\s)([^'"]*?)\s*from\s*'([^']+)';/gms;

function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(STATIC_IMPORT)) {
    const [, clause = '', specifier = ''] = match;
    const names = clause
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    found.push(specifier);
  }
  return found;
}

function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else seen.add(specifier);
    }
  };
  visit(entry);
  return seen;
}

describe('provider loading', () => {
  it('reaches OpenTok from the room only through a dynamic import', () => {
    const graph = reachable(resolve(here, 'createMediaSession.ts'));
    expect(graph.has(resolve(here, 'meshSession.ts'))).toBe(true);
    expect(graph.has('@opentok/client')).toBe(false);
    expect(graph.has(resolve(here, 'opentokSession.ts'))).toBe(false);
    expect(readFileSync(resolve(here, 'opentokSession.ts'), 'utf8')).toContain(
      "await import('@opentok/client')",
    );
  });

  it('loads the janus provider on demand, so the live room route starts without it', () => {
    const graph = reachable(resolve(here, 'createMediaSession.ts'));
    expect(graph.has(resolve(here, 'janusSession.ts'))).toBe(false);
    expect(graph.has(resolve(here, 'janusPublisher.ts'))).toBe(false);
    expect(readFileSync(resolve(here, 'createMediaSession.ts'), 'utf8')).toContain(
      "await import('./janusSession.ts')",
    );
  });
});
