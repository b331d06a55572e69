// No React-19-only API in the shipped code (src/**): the peer range is ^18.2 || ^19. A cheap static
// check; the dom-react18 and browser-react18 projects run the components themselves on React 18.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { contextNames, findReact19Api } from './react19-api';

const root = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The rules of one snippet, as `rule` strings (the context `Ctx` is known). */
const rules = (source: string) => findReact19Api('snippet.tsx', source, ['Ctx']).map((f) => f.rule);

describe('the static check finds React-19-only API', () => {
  test('a context rendered as its own provider, not `.Provider` or `.Consumer`', () => {
    expect(rules('return <Ctx value={v}>{children}</Ctx>;')).toEqual([
      '`<Ctx>` as a provider is React 19 only: use `<Ctx.Provider>`',
    ]);
    expect(rules('return <Ctx\n  value={v}>x</Ctx>;')).toHaveLength(1);
    expect(rules('return <Ctx.Provider value={v}>{children}</Ctx.Provider>;')).toEqual([]);
    expect(rules('return <Ctx.Consumer>{(v) => v}</Ctx.Consumer>;')).toEqual([]);
    expect(rules('return <CtxMenu value={v} />;')).toEqual([]);
  });

  test('the contexts a file creates', () => {
    expect(contextNames('export const A = createContext<X | null>(null);\nconst B = React.createContext(1);')).toEqual([
      'A',
      'B',
    ]);
  });

  test('ref callbacks that return a cleanup function, but not those that return nothing', () => {
    const cleanup = ['a ref callback returning a cleanup function is React 19 only'];
    expect(rules('<div ref={(el) => { observe(el); return () => unobserve(el); }} />')).toEqual(cleanup);
    expect(rules('<div ref={(el: HTMLDivElement | null) => {\n  return function () {};\n}} />')).toEqual(cleanup);
    expect(rules('<div ref={(el) => () => el?.remove()} />')).toEqual(cleanup);
    expect(rules('<div ref={el => { if (el) el.focus(); }} />')).toEqual([]);
    expect(rules('<div ref={(el) => { if (!el) return; el.focus(); }} />')).toEqual([]);
    expect(rules('<div ref={(el) => { items.forEach((i) => { return i; }); }} />')).toEqual([]);
    expect(rules('<div ref={setNode} />')).toEqual([]);
  });

  test('a function component reading ref from its props, but not forwardRef or a ref object', () => {
    expect(rules('export function Part({ step, ref, ...props }: PartProps) {}')).toEqual([
      'a function component reading `ref` from its props (React 18 drops it): use `forwardRef`',
    ]);
    expect(
      rules('export const Part = forwardRef<HTMLDivElement, P>(function Part({ step, ...props }, ref) {})'),
    ).toEqual([]);
    expect(rules('function View({ window: { ref: box } }: Props) {}')).toEqual([]);
  });

  test('React 19 hooks, actions, inert, precedence and preloading', () => {
    expect(rules("import { use, useState } from 'react';")).toEqual(['`use()` is React 19 only']);
    expect(rules("import { useState, useId } from 'react';")).toEqual([]);
    expect(rules('const v = React.use(promise);')).toHaveLength(1);
    expect(rules('const [s, act] = useActionState(fn, 0);')).toHaveLength(1);
    expect(rules('const [o, add] = useOptimistic(list);')).toHaveLength(1);
    expect(rules('const d = useDeferredValue(value, []);')).toHaveLength(1);
    expect(rules('const d = useDeferredValue(value);')).toEqual([]);
    expect(rules('<div inert />')).toHaveLength(1);
    expect(rules('<section hidden={!open} inert={!open}>')).toHaveLength(1);
    expect(rules('<form action={save}>')).toHaveLength(1);
    expect(rules('<button data-action={kind} data-inert="x" data-precedence="1" />')).toEqual([]);
    expect(rules('<link rel="stylesheet" href={h} precedence="default" />')).toHaveLength(1);
    expect(rules("preload('/font.woff2', { as: 'font' });")).toHaveLength(1);
  });
});

test('src/** uses no React-19-only API', () => {
  const files = sources(join(root, 'src')).map((path) => ({
    file: relative(root, path),
    source: readFileSync(path, 'utf8'),
  }));
  const contexts = files.flatMap(({ source }) => contextNames(source));
  expect(contexts.length).toBeGreaterThan(0);
  const findings = files.flatMap(({ file, source }) => findReact19Api(file, source, contexts));
  expect(findings.map((f) => `${f.file}:${f.line} ${f.rule} (${f.text})`)).toEqual([]);
});
