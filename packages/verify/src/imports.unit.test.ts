import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The verifier is what an inspector runs, alone, on a copy of this folder: it may import node's
// built-ins and its own modules, never another workspace package, an app or an npm library.
const SOURCE = import.meta.dirname;
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('@lablive/verify imports', () => {
  it('imports only node built-ins and its own modules', () => {
    const files = sourceFiles(SOURCE);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        expect(
          specifier.startsWith('node:') || specifier.startsWith('./') || specifier.startsWith('../'),
          `${path.relative(SOURCE, file)} imports ${specifier}`,
        ).toBe(true);
      }
    }
  });
});
