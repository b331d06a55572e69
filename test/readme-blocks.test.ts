// @vitest-environment node
// Every ```tsx / ```ts block of README.md is one file a person can paste into an app: it type-checks on
// its own, as a strict app compiles it, and nothing in it would surprise them once pasted (JSX that
// renders a comment as text, hooks or `await` at the top level, hooks without 'use client').

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadmeBlock, readmeBlocks, repoRoot } from './support/readme';

const root = repoRoot;
type Block = ReadmeBlock;

/** The repo's compiler options (its `paths` make `tool-steps*` the sources), plus what a strict app adds. */
function appOptions(): ts.CompilerOptions {
  const configPath = join(root, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath);
  // Vite's react-ts template turns on the unused checks; a browser app has no Node globals.
  return { ...options, noEmit: true, noUnusedLocals: true, noUnusedParameters: true, types: [] };
}

function isAtTopLevel(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isFunctionLike(parent) || ts.isClassStaticBlockDeclaration(parent)) return false;
  }
  return true;
}

const isJsx = (node: ts.Node) => ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);

const isModuleSyntax = (s: ts.Statement) =>
  ts.isImportDeclaration(s) ||
  ts.isExportDeclaration(s) ||
  ts.isExportAssignment(s) ||
  (ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));

/** What TypeScript accepts but goes wrong once the block is pasted into an app. */
function pasteProblems(source: ts.SourceFile, block: Block): string[] {
  const problems: string[] = [];
  const at = (pos: number) => `README.md:${block.line + source.getLineAndCharacterOfPosition(pos).line + 1}`;
  // a script, not a module: its names would be globals shared with every other script of the app
  if (!source.statements.some(isModuleSyntax)) problems.push('not an ES module: no import or export');
  let callsHooks = false;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^use[A-Z]/.test(node.expression.text)) {
      callsHooks = true;
      if (isAtTopLevel(node))
        problems.push(`${at(node.getStart(source))}: ${node.expression.text}() outside a component`);
    }
    // TypeScript allows it in a module (ES2022), but a client component or a Next page module cannot have it
    if ((ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) && isAtTopLevel(node)) {
      problems.push(`${at(node.getStart(source))}: a top-level await`);
    }
    // A `//` in JSX children is text; after an element on its line it is a comment only until the element is
    // pasted into other JSX, where it renders as text. TypeScript accepts both.
    if (ts.isJsxText(node) && node.text.includes('//'))
      problems.push(`${at(node.getStart(source))}: a // inside JSX is text`);
    if (isJsx(node) && /^\s*[;,)]?\s*\/\//.test(source.text.slice(node.end).split('\n', 1)[0] as string)) {
      problems.push(`${at(node.end)}: a // comment after a JSX element renders as text once pasted into JSX`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const first = source.statements[0];
  const directive = first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression);
  if (block.lang === 'tsx' && callsHooks && !(directive && first.expression.text === 'use client')) {
    problems.push("calls hooks without 'use client' (a Next server component cannot)");
  }
  return problems;
}

const blocks = readmeBlocks();
const format: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};
let dir = '';
let program: ts.Program;
const fileOf = (block: Block) => join(dir, `readme-${block.line}.${block.lang}`);

// One program for every block: checking them one by one would load React's and the kit's types each time.
beforeAll(() => {
  dir = mkdtempSync(join(root, '.tmp-readme-'));
  for (const block of blocks) writeFileSync(fileOf(block), block.code);
  program = ts.createProgram(blocks.map(fileOf), appOptions());
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('README code blocks', () => {
  it('are found, and the compiler options load', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
    expect(ts.formatDiagnostics(global, format)).toBe('');
  });

  it.each(blocks.map((block) => [`README.md:${block.line}`, block] as const))(
    '%s is one file that compiles as it stands',
    (_, block) => {
      const source = program.getSourceFile(fileOf(block)) as ts.SourceFile;
      const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      const report = [
        ...ts
          .formatDiagnostics(diagnostics, format)
          .split('\n')
          .filter(Boolean)
          .map((text) =>
            text.replace(
              /^.*?readme-\d+\.tsx?\((\d+),(\d+)\)/,
              (_, l, c) => `README.md:${block.line + Number(l)}:${c}`,
            ),
          ),
        ...pasteProblems(source, block),
      ];
      expect(report, `the ${block.lang} block at README.md:${block.line}`).toEqual([]);
    },
  );
});
