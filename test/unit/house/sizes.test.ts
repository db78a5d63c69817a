import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The house's sizes (ARCHITECTURE.md): no function over 80 lines, no file over 300, outside a short
// list of documented exceptions. Counted as the team's fnsize tool counts them: every function,
// method, arrow, accessor and constructor, from its first line to its last.

const root = resolve(import.meta.dirname, '../../..');
const FUNCTION_LIMIT = 80;
const FILE_LIMIT = 300;
/** data, not logic: tables of words and archetypes may run long (path → why) */
const FILE_EXCEPTIONS: Record<string, string> = {};
const FUNCTION_EXCEPTIONS: Record<string, string> = {};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

function measure(): { functions: Array<[number, string]>; files: Array<[number, string]> } {
  const functions: Array<[number, string]> = [];
  const files: Array<[number, string]> = [];
  for (const file of sources(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(root, file);
    const lines = text.split('\n').length;
    if (lines > FILE_LIMIT && !FILE_EXCEPTIONS[rel]) files.push([lines, rel]);
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isConstructorDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n)) {
        const a = sf.getLineAndCharacterOfPosition(n.getStart()).line;
        const b = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
        const where = `${rel}:${a + 1}`;
        if (b - a + 1 > FUNCTION_LIMIT && !FUNCTION_EXCEPTIONS[rel]) functions.push([b - a + 1, where]);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return { functions, files };
}

describe('the house sizes', () => {
  it(`no function over ${FUNCTION_LIMIT} lines and no file over ${FILE_LIMIT} outside the documented exceptions`, () => {
    const { functions, files } = measure();
    expect(functions.map(([n, w]) => `${w} (${n} lines)`)).toEqual([]);
    expect(files.map(([n, w]) => `${w} (${n} lines)`)).toEqual([]);
  });
});
