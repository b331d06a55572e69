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
  it('is not imported with the diff view, nor for unknown or odd extensions, and is for a known one', async () => {
    // diff-view.tsx is loaded (imported above): a static import of the highlighter would have counted
    expect(probe.imports).toBe(0);
    for (const path of ['notes.xyz', 'Makefile', 'x.ts\u202e', 'constructor', 'a.__proto__']) {
      render(<DiffView step={makeStep()} details={diff(path)} kind="diff" />);
    }
    // drawn after them, so its import and highlighting come after any theirs would have started
    render(<DiffView step={makeStep()} details={diff('src/a.ts')} kind="diff" />);
    await waitFor(() => expect(probe.languages.length).toBeGreaterThanOrEqual(2));
    await act(async () => {});
    await vi.dynamicImportSettled();
    // the two sides of the one known file, and nothing asked for the others
    expect(probe.languages).toEqual(['typescript', 'typescript']);
    expect(probe.imports).toBe(1);
  });
});
