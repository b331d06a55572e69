// Screenshots of every renderer in the light and dark themes, written to the git-ignored
// test/__screenshots__/renderer-shots (Vite serves no path outside the project; move them to /tmp) for people to
// look at. They assert nothing, so they are not tests: `npm run shots:renderers` runs this file (the browser project
// collects it only when VITE_RENDERER_SHOTS is set; no other run sees it).
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ToolStepDetailsContent } from '../../src/components/step-details';
import { DiffView } from '../../src/renderers/diff-view';
import { JsonTree } from '../../src/renderers/json-tree';
import { MediaView } from '../../src/renderers/media-view';
import { TableView } from '../../src/renderers/table-view';
import { TerminalView } from '../../src/renderers/terminal-view';
import { TextView } from '../../src/renderers/text-view';
import {
  anviaContentOutput,
  bigTable,
  failingCommand,
  makeStep,
  twoFileDiff,
  vtGrep,
} from '../../stories/renderers/data';
import { Frame } from '../../stories/renderers/frame';

const step = makeStep({ toolName: 'tool' });
const png =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR4nGPgzLxFFcQwatCoQaMGjRo0atCoQQNvEADqPusfBcV+NwAAAABJRU5ErkJggg==';

const cases: Array<[string, (theme: 'light' | 'dark') => ReactNode]> = [
  ['diff-unified', () => <DiffView step={step} details={twoFileDiff} kind="diff" />],
  ['diff-split', () => <DiffView step={step} details={twoFileDiff} kind="diff" defaultLayout="split" />],
  ['terminal', () => <TerminalView step={step} details={vtGrep.ui_content} kind="terminal" />],
  ['terminal-streams', () => <TerminalView step={step} details={failingCommand} kind="terminal" />],
  [
    'json',
    () => (
      <JsonTree
        step={step}
        details={{ status: 200, ok: true, body: { id: 7, tags: ['a', 'b'], owner: null, note: 'a "quoted" string' } }}
        kind="json"
      />
    ),
  ],
  ['table', () => <TableView step={step} details={bigTable(6)} kind="table" />],
  [
    'media',
    () => (
      <MediaView
        step={step}
        details={[
          ...anviaContentOutput.value,
          { type: 'image', mediaType: 'image/png', data: png, alt: 'A blue square' },
          {
            type: 'file',
            mediaType: 'application/pdf',
            data: { type: 'url', url: 'https://example.com/report.pdf' },
            filename: 'report.pdf',
            size: 182_000,
          },
          { type: 'image', url: 'javascript:alert(1)', filename: 'x.png' },
        ]}
        kind="media"
      />
    ),
  ],
  [
    'text',
    () => (
      <TextView
        step={step}
        details={'export const a = 1;\n\n  indented line that is long enough to wrap '.repeat(3)}
        kind="text"
        note="A note above the text."
      />
    ),
  ],
  [
    'model-view',
    () => (
      <ToolStepDetailsContent
        step={makeStep({
          toolName: 'grep_file',
          details: { kind: 'terminal', text: vtGrep.ui_content, metadata: vtGrep.metadata },
          result: vtGrep.llm_content,
        })}
      />
    ),
  ],
];

describe('renderer screenshots', () => {
  it.each(cases)('%s in light and dark', async (name, ui) => {
    await page.viewport(960, 1400);
    const screen = await render(
      <div style={{ width: 900 }}>
        {(['light', 'dark'] as const).map((theme) => (
          <div key={theme} data-testid={theme} style={{ background: theme === 'dark' ? '#0d1117' : '#ffffff' }}>
            <Frame theme={theme}>{ui(theme)}</Frame>
          </div>
        ))}
      </div>,
    );
    await expect.poll(() => screen.container.querySelectorAll('[data-renderer]').length).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const theme of ['light', 'dark'] as const) {
      await page.screenshot({
        path: `../__screenshots__/renderer-shots/${name}-${theme}.png`,
        element: screen.getByTestId(theme),
      });
    }
  });
});
