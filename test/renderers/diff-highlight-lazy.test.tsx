// The diff view imports the highlighter (and Shiki) only for a file whose extension names a known
// language: the module is mocked here and counted when it is first imported.
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DiffView } from '../../src/renderers/diff-view';
import { makeStep } from '../../stories/renderers/data';

const probe = vi.hoisted(() => ({ imports: 0, languages: [] as string[] }));

vi.mock('../../src/renderers/highlight', () => {
  probe.imports++;
  return {
    highlightLines: async (_lines: readonly string[], language: string) => {
      probe.languages.push(language);
    },
  };
});

const diff = (path: string) => `--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-const a = 1;\n+const a = 2;\n`;

describe('the diff highlighter is lazy', () => {
  it('is not imported for unknown or odd extensions, and is for a known one', async () => {
    for (const path of ['notes.xyz', 'Makefile', 'x.ts\u202e', 'constructor', 'a.__proto__']) {
      render(<DiffView step={makeStep()} details={diff(path)} kind="diff" />);
    }
    await act(async () => {});
    await vi.dynamicImportSettled();
    expect(probe.imports).toBe(0);
    render(<DiffView step={makeStep()} details={diff('src/a.ts')} kind="diff" />);
    await waitFor(() => expect(probe.languages).toEqual(['typescript', 'typescript']));
    expect(probe.imports).toBe(1);
  });
});
