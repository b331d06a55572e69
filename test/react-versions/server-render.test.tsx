// @vitest-environment node
// The renderers drawn on a server (a Next app renders client components to HTML first), with no DOM:
// on React 18 a `useLayoutEffect` there prints "useLayoutEffect does nothing on the server" for every
// diff or terminal, which the React 18 projects' setup turns into a failure. React 19 prints nothing.
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { DiffView } from '../../src/renderers/diff-view';
import { TerminalView } from '../../src/renderers/terminal-view';
import { makeStep, twoFileDiff, vtGrep } from '../../stories/renderers/data';

test('there is no DOM here', () => {
  expect(typeof document).toBe('undefined');
});

test('a terminal renders to HTML on the server', () => {
  const html = renderToString(
    <TerminalView step={makeStep({ toolName: 'run_command' })} details={vtGrep} kind="terminal" />,
  );
  expect(html).toContain('data-slot="tool-step-terminal-line"');
  expect(html).toContain('src/tools/grep_file.rs');
});

test('a diff renders to HTML on the server', () => {
  const html = renderToString(
    <DiffView step={makeStep({ toolName: 'edit_file' })} details={twoFileDiff} kind="diff" />,
  );
  expect(html).toMatch(/data-slot="tool-step-diff-row"/);
});
