// presentStep: the server's presentation, else the workspace table of PROTOCOLS.md 1.9, else the tool name.

import { knownTools, presentStep } from 'tool-steps/core';
import { describe, expect, it } from 'vitest';

describe('the workspace table (PROTOCOLS.md 1.9)', () => {
  const table: Array<[tool: string, label: string, icon: string, input: Record<string, unknown>, detail: string]> = [
    ['read_file', 'Read file', 'file-text', { path: 'src/lib/money.ts' }, 'src/lib/money.ts'],
    ['write_file', 'Write file', 'file-plus', { path: 'notes/todo.md', content: 'x' }, 'notes/todo.md'],
    ['edit_file', 'Edit file', 'file-pen', { path: 'src/a.ts', oldText: 'foo', newText: 'bar' }, 'src/a.ts'],
    ['list_files', 'List files', 'folder', { path: 'src/components' }, 'src/components'],
    ['glob', 'Find files', 'search', { pattern: '**/*.test.ts' }, '**/*.test.ts'],
    ['grep', 'Search files', 'text-search', { pattern: 'formatUsd', path: 'src' }, 'formatUsd'],
    ['run_command', 'Run command', 'terminal', { command: 'pnpm test', cwd: '.' }, 'pnpm test'],
  ];

  for (const [tool, label, icon, input, detail] of table) {
    it(`${tool} → "${label}", ${icon}, detail "${detail}"`, () => {
      expect(presentStep({ toolName: tool, input })).toStrictEqual({ label, icon, detail, source: 'known' });
    });
  }

  it('has exactly those seven tools', () => {
    expect(Object.keys(knownTools).sort()).toEqual(table.map(([tool]) => tool).sort());
    for (const [tool, label, icon] of table) {
      expect(knownTools[tool]).toMatchObject({ label, icon });
    }
  });

  it('list_files without a path shows "."', () => {
    expect(presentStep({ toolName: 'list_files', input: {} })).toStrictEqual({
      label: 'List files',
      icon: 'folder',
      detail: '.',
      source: 'known',
    });
    expect(presentStep({ toolName: 'list_files' }).detail).toBe('.');
    expect(presentStep({ toolName: 'list_files', input: { path: '' } }).detail).toBe('.');
  });

  it('no detail while the arguments have not said it yet', () => {
    expect(presentStep({ toolName: 'read_file' })).toStrictEqual({
      label: 'Read file',
      icon: 'file-text',
      source: 'known',
    });
    expect(presentStep({ toolName: 'read_file', input: {} })).toStrictEqual({
      label: 'Read file',
      icon: 'file-text',
      source: 'known',
    });
    expect(presentStep({ toolName: 'grep', input: 'not an object' }).detail).toBeUndefined();
    expect(presentStep({ toolName: 'grep', input: null }).detail).toBeUndefined();
  });

  it('the detail follows partial arguments as they stream', () => {
    expect(presentStep({ toolName: 'read_file', input: { path: 'src/a' } }).detail).toBe('src/a');
    expect(presentStep({ toolName: 'run_command', input: { command: 'pnpm' } }).detail).toBe('pnpm');
  });

  it('the detail comes from the named argument only', () => {
    expect(presentStep({ toolName: 'grep', input: { path: 'src' } }).detail).toBeUndefined();
    expect(presentStep({ toolName: 'glob', input: { path: 'src' } }).detail).toBeUndefined();
    expect(presentStep({ toolName: 'run_command', input: { cmd: 'ls' } }).detail).toBeUndefined();
  });
});

describe('server presentation and overrides', () => {
  it("the server's presentation wins over the table", () => {
    expect(
      presentStep({
        toolName: 'read_file',
        input: { path: 'a.ts' },
        presentation: { label: 'Open source file', icon: 'book-open', detail: 'a.ts (lines 1-20)' },
      }),
    ).toStrictEqual({ label: 'Open source file', icon: 'book-open', detail: 'a.ts (lines 1-20)', source: 'server' });
  });

  it('field by field: what the server leaves out comes from the table', () => {
    expect(
      presentStep({ toolName: 'read_file', input: { path: 'a.ts' }, presentation: { label: 'Open' } }),
    ).toStrictEqual({ label: 'Open', icon: 'file-text', detail: 'a.ts', source: 'server' });
  });

  it("the server's presentation for a tool the table does not know", () => {
    expect(
      presentStep({
        toolName: 'get_weather',
        input: { city: 'Oslo' },
        presentation: { label: 'Weather', detail: 'Oslo' },
      }),
    ).toStrictEqual({ label: 'Weather', detail: 'Oslo', source: 'server' });
  });

  it('a host override beats both the server and the table, by tool name', () => {
    const overrides = { read_file: { label: 'Peek', icon: 'eye' } };
    expect(
      presentStep(
        {
          toolName: 'read_file',
          input: { path: 'a.ts' },
          presentation: { label: 'Read', icon: 'file', detail: 'srv' },
        },
        overrides,
      ),
    ).toStrictEqual({ label: 'Peek', icon: 'eye', detail: 'srv', source: 'override' });
    expect(presentStep({ toolName: 'grep', input: { pattern: 'x' } }, overrides)).toStrictEqual({
      label: 'Search files',
      icon: 'text-search',
      detail: 'x',
      source: 'known',
    });
  });

  it('an override of only the icon keeps the label source', () => {
    expect(presentStep({ toolName: 'glob', input: { pattern: '*.md' } }, { glob: { icon: 'files' } })).toStrictEqual({
      label: 'Find files',
      icon: 'files',
      detail: '*.md',
      source: 'known',
    });
  });
});

describe('fallbacks', () => {
  it('an unknown tool shows its name, with no icon and no detail', () => {
    expect(presentStep({ toolName: 'get_weather', input: { city: 'Oslo' } })).toStrictEqual({
      label: 'get_weather',
      source: 'name',
    });
  });

  it('a tool the wire never named is "Tool call"', () => {
    expect(presentStep({ toolName: '' })).toStrictEqual({ label: 'Tool call', source: 'name' });
    expect(presentStep({ toolName: '', input: { path: 'x' } })).toStrictEqual({ label: 'Tool call', source: 'name' });
  });

  it('tool names that are Object.prototype keys are ordinary unknown tools', () => {
    for (const toolName of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(presentStep({ toolName })).toStrictEqual({ label: toolName, source: 'name' });
      expect(presentStep({ toolName }, {})).toStrictEqual({ label: toolName, source: 'name' });
    }
  });
});
