// A list rendered on a server and hydrated in the page while a part of a row is still to hydrate (its
// chunk not there yet), as in a Next app's first load. React compares every attribute of the server's
// HTML when the part hydrates ("A tree hydrated but some attributes of the server rendered HTML didn't
// match", a Next app's dev overlay): the list's keyboard writes nothing on the DOM, each row renders its
// own `tabIndex`, and every control keeps its own place in the tab order.
import { act, type ComponentType, lazy } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  type Step,
  ToolStepDetails,
  ToolStepDetailsContent,
  ToolStepDetailsTrigger,
  ToolStepHeader,
  ToolStepLabel,
  ToolSteps,
} from 'tool-steps';
import type { DetailsRendererProps } from 'tool-steps/renderers';
import { afterEach, expect, test, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { loadDetailsBody } from '../../src/components/step-details';
import { loadLazyIcons } from '../../src/components/step-icon';

const steps: Step[] = [
  { id: 'read', toolName: 'read_file', status: 'succeeded', inputText: '', input: { path: 'a.ts' }, result: 'ok' },
  {
    id: 'test',
    toolName: 'run_tests',
    status: 'failed',
    inputText: '',
    input: { filter: 'web' },
    details: { failures: 2 },
    error: { message: 'two tests failed' },
  },
];
const state = {
  ids: steps.map((step) => step.id),
  byId: Object.fromEntries(steps.map((step) => [step.id, step])),
  run: { status: 'done' as const },
  diagnostics: { count: 0 },
};

/** The host's renderer of JSON details: a button and a scrollable block, both reachable by Tab. */
function Report({ details }: DetailsRendererProps) {
  return (
    <div data-testid="report">
      <button type="button">Rerun</button>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block, as the kit's own */}
      <pre tabIndex={0}>{JSON.stringify(details)}</pre>
    </div>
  );
}

/** A row of the host's (the row's content, inside the root the row draws): its open details hold its own button, not the kit's body. */
function Row({ step }: { step: Step }) {
  return (
    <>
      <ToolStepHeader>
        <ToolStepLabel />
      </ToolStepHeader>
      <ToolStepDetails defaultOpen>
        <ToolStepDetailsTrigger />
        <ToolStepDetailsContent>
          <button type="button">Open report of {step.id}</button>
        </ToolStepDetailsContent>
      </ToolStepDetails>
    </>
  );
}

/** A host renderer that throws once told to (fed what it did not expect). */
let fragileFails = false;
function Fragile({ details }: DetailsRendererProps) {
  if (fragileFails) throw new Error('not the shape I know');
  return <pre>{JSON.stringify(details)}</pre>;
}

let root: ReturnType<typeof hydrateRoot> | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

test('a row part still to hydrate is left as the server drew it, and hydrates without a warning', async () => {
  // the kit's own chunks are in (an update from one arriving later would make React draw the row part
  // afresh instead of hydrating it, another matter): only the host's renderer is still to come
  await Promise.all([loadDetailsBody(), loadLazyIcons()]);
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args.map(String).join(' ')));
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ToolSteps state={state} renderers={{ byKind: { json: Report } }} />);
  // a server has no document, and this one does: React 18 says so for every layout effect; nothing else
  expect(errors.filter((error) => !error.includes('useLayoutEffect does nothing on the server'))).toEqual([]);
  errors.length = 0;
  document.body.append(container);
  const rerun = () => container.querySelector('[data-testid="report"] button') as HTMLElement;
  const drawn = rerun();
  expect(drawn).not.toBeNull(); // the failed row starts open, with its details drawn on the server

  // in the page, the renderer's chunk arrives after the list hydrated
  let arrive = (_module: { default: ComponentType<DetailsRendererProps> }) => {};
  const chunk = new Promise<{ default: ComponentType<DetailsRendererProps> }>((resolve) => {
    arrive = resolve;
  });
  const LazyReport = lazy(() => chunk);
  root = hydrateRoot(container, <ToolSteps state={state} renderers={{ byKind: { json: LazyReport } }} />, {
    onRecoverableError: (error) => errors.push(String(error)),
  });
  // the list is live: the first row holds the tab stop (drawn so on the server already), the second
  // row's own controls keep their place in the tab order, and its part still to hydrate is as the server drew it
  const rows = container.querySelectorAll<HTMLElement>('[data-slot="tool-step"]');
  const trigger = rows[1]?.querySelector('[data-slot="tool-step-details-trigger"]') as HTMLElement;
  await act(async () => {});
  expect([...rows].map((row) => row.tabIndex)).toEqual([0, -1]);
  expect(trigger.hasAttribute('tabindex')).toBe(false);
  expect(rerun().hasAttribute('tabindex')).toBe(false);

  arrive({ default: Report });
  await act(async () => {
    await chunk;
  });
  expect(rerun().hasAttribute('tabindex')).toBe(false);
  expect((container.querySelector('[data-testid="report"] pre') as HTMLElement).tabIndex).toBe(0);
  // hydrated, not drawn afresh: the server's button is still there (a re-render of the body reaching the
  // boundary first would have replaced it with the fallback, then a new button)
  expect(rerun()).toBe(drawn);
  expect(errors.filter((error) => /match|hydrat/i.test(error))).toEqual([]);
});

test("the host's own controls in a row are never touched: they keep their place in the tab order", async () => {
  const screen = await render(<ToolSteps state={state} tools={{ run_tests: { Row }, read_file: { Row } }} />);
  const second = screen.container.querySelectorAll<HTMLElement>('[data-slot="tool-step"]')[1] as HTMLElement;
  const own = second.querySelector('button:not([data-slot])') as HTMLElement;
  expect(own.textContent).toBe('Open report of test');
  // the second row does not hold the tab stop; its controls, the host's button too, are as drawn
  expect(second.tabIndex).toBe(-1);
  expect(own.hasAttribute('tabindex')).toBe(false);
  for (const button of screen.container.querySelectorAll('button')) expect(button.hasAttribute('tabindex')).toBe(false);
});

test('a view that throws while hydrating falls back in its block; the buttons around it are as drawn', async () => {
  await Promise.all([loadDetailsBody(), loadLazyIcons()]);
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args.map(String).join(' ')));
  // on the server the view draws; in the page it throws (a host renderer fed what it did not expect)
  fragileFails = false;
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ToolSteps state={state} renderers={{ byKind: { json: Fragile } }} />);
  document.body.append(container);
  fragileFails = true;
  root = hydrateRoot(container, <ToolSteps state={state} renderers={{ byKind: { json: Fragile } }} />, {
    onRecoverableError: () => {},
  });
  const second = container.querySelectorAll<HTMLElement>('[data-slot="tool-step"]')[1] as HTMLElement;
  await vi.waitFor(() => expect(second.querySelector('[data-slot="tool-step-details-fallback"]')).not.toBeNull());
  // the copy button in the view section's header (drawn with the section, outside the view's boundary)
  expect(second.querySelectorAll('button').length).toBeGreaterThan(0);
  for (const button of second.querySelectorAll<HTMLElement>('button'))
    expect(button.hasAttribute('tabindex')).toBe(false);
});
