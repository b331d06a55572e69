// What a screen reader hears over a whole run, read from Chromium's accessibility tree (CDP
// `Accessibility.getFullAXTree`): every change of a live region's text, and every role and name that
// appears on the way. Progress is never a live region; the run's error and its interrupted line are said
// by the list's own regions, which exist before their text changes.
import '../../src/styles.css';
import { createStepStore, type StepEvent, ToolSteps } from 'tool-steps';
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { type AXNode, axNodes } from '../support/ax-tree';

/** The live regions (their politeness and text) and the roles with names, as the tree has them now. */
async function readTree(): Promise<{ live: string[]; roles: string[] }> {
  // the test runs in a frame of the runner's page: the tree of that frame
  const nodes = await axNodes();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const textOf = (node: AXNode): string => {
    if (node.role?.value === 'StaticText' || node.role?.value === 'InlineTextBox')
      return node.role.value === 'StaticText' ? String(node.name?.value ?? '') : '';
    return (node.childIds ?? []).map((id) => textOf(byId.get(id) as AXNode)).join('');
  };
  const parent = new Map<string, string>();
  for (const node of nodes) for (const child of node.childIds ?? []) parent.set(child, node.nodeId);
  const politenessOf = (node: AXNode | undefined) => {
    const value = node?.properties?.find((p) => p.name === 'live')?.value.value;
    return typeof value === 'string' && value !== 'off' ? value : undefined;
  };
  const live: string[] = [];
  const roles: string[] = [];
  for (const node of nodes) {
    const politeness = politenessOf(node);
    // a region's root: its descendants carry `live` too
    if (politeness && !politenessOf(byId.get(parent.get(node.nodeId) ?? ''))) {
      live.push(`${politeness} ${String(node.role?.value)}: ${textOf(node).trim()}`);
    }
    const role = String(node.role?.value ?? '');
    const name = String(node.name?.value ?? '').trim();
    if (!node.ignored && name !== '' && !['StaticText', 'InlineTextBox', 'RootWebArea', 'generic'].includes(role))
      roles.push(`${role} "${name}"`);
  }
  return { live, roles };
}

const T = 1_767_225_600_000;

test('a whole run, as a screen reader hears it: start, progress ×20, approval, failure, stop', async () => {
  const store = createStepStore({ schedule: (flush) => flush() });
  await render(<ToolSteps store={store} minRunningMs={0} onApprove={() => {}} onDeny={() => {}} />);
  const transcript: string[] = [];
  const regions = new Map<string, string>();
  const seenRoles = new Set<string>();
  const look = async (what: string) => {
    const { live, roles } = await readTree();
    // a region is known by its politeness, role and place among the regions
    const seen = new Map<string, number>();
    for (const line of live) {
      const head = line.slice(0, line.indexOf(':'));
      const n = (seen.get(head) ?? 0) + 1;
      seen.set(head, n);
      const kind = n > 1 ? `${head} #${n}` : head;
      const text = line.slice(line.indexOf(':') + 2);
      // a region that mounts with its words already in it is said by few screen readers
      if (!regions.has(kind) && text !== '')
        transcript.push(`${what} · a live region (${kind}) appeared saying "${text}"`);
      else if (regions.has(kind) && regions.get(kind) !== text) transcript.push(`${what} · ${kind} says "${text}"`);
      regions.set(kind, text);
    }
    for (const role of roles) {
      if (seenRoles.has(role)) continue;
      seenRoles.add(role);
      transcript.push(`${what} · ${role}`);
    }
  };
  /** Applies events, then waits past the announcer's quiet time and reads the tree. */
  const step = async (what: string, events: StepEvent[]) => {
    store.apply(events);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await look(what);
  };

  await look('empty');
  await step('start', [
    { type: 'run-start', at: T },
    { type: 'step-start', id: 'build', toolName: 'run_command', at: T + 1 },
    { type: 'step-input', id: 'build', input: { command: 'npm run build' }, at: T + 2 },
  ]);
  for (let i = 1; i <= 20; i++) {
    store.apply({ type: 'step-progress', id: 'build', content: `building chunk ${i} of 20`, at: T + 10 + i });
    await look(`progress ${i}`);
  }
  await step('build done', [{ type: 'step-result', id: 'build', result: 'built', at: T + 100 }]);
  await step('approval', [
    { type: 'step-start', id: 'deploy', toolName: 'run_command', at: T + 110 },
    { type: 'step-input', id: 'deploy', input: { command: 'npm run deploy' }, at: T + 111 },
    { type: 'step-approval', id: 'deploy', at: T + 112 },
  ]);
  await step('failure', [
    { type: 'step-decision', id: 'deploy', approved: true, at: T + 120 },
    { type: 'step-error', id: 'deploy', message: 'permission denied', code: 'EACCES', at: T + 130 },
  ]);
  await step('stop', [{ type: 'run-abort', reason: 'connection lost', at: T + 140 }]);

  // nothing streamed is ever said: no progress in a live region
  expect(transcript.filter((line) => line.includes('building chunk'))).toEqual([]);
  // the list's regions were there, empty, before their first words; no region appears with words in it
  // (a copy button's label is live only once it says "Copied")
  expect(transcript.filter((line) => line.includes('appeared saying'))).toEqual([]);
  // and what is said, in order
  expect(transcript.filter((line) => line.includes(' says '))).toEqual([
    'build done · polite status says "Run command npm run build finished"',
    'approval · polite status says "Run command npm run deploy is waiting for your approval"',
    'failure · assertive alert says "Run command npm run deploy failed: EACCES"',
    'stop · polite status says "Interrupted: connection lost"',
  ]);
  // the roles and names on the way: the list, its rows' buttons, the approval's, the progress bar's none
  expect(transcript).toContain('start · list "Tool calls"');
  expect(transcript.some((line) => line.startsWith('approval · button "Approve'))).toBe(true);
  console.log(transcript.join('\n'));
});

test("the run's error is said by the list's assertive region, there before it", async () => {
  const store = createStepStore({ schedule: (flush) => flush() });
  await render(<ToolSteps store={store} />);
  store.apply([
    { type: 'run-start', at: T },
    { type: 'step-start', id: 'a', toolName: 'read_file', at: T + 1 },
  ]);
  const before = (await readTree()).live;
  expect(before).toEqual(['polite status: ', 'assertive alert: ']);
  store.apply({ type: 'run-error', message: 'model overloaded', code: 'E_OVERLOAD', at: T + 2 });
  await expect
    .poll(async () => (await readTree()).live, { timeout: 3000 })
    .toEqual(['polite status: Read file was interrupted', 'assertive alert: E_OVERLOAD model overloaded']);
});
