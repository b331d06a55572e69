// The approval scenes the stories and the Chromium tests share.
import { type Step, type StepsState, ToolSteps } from 'tool-steps';
import type { ToolStepsLabelsInput } from 'tool-steps/presentation';

export const LONG_COMMAND = [
  'git -c user.name="Release Bot" -c user.email=release-bot@example.com commit --allow-empty',
  '-m "chore(release): publish packages/tool-steps@0.9.0, packages/tool-steps-playground@0.3.1 and the changelog"',
  '&& git push --force-with-lease origin HEAD:refs/heads/release/2026-12-01-0900-UTC-very-long-branch-name',
  '&& gh release create v0.9.0 --notes-file CHANGELOG.md --target release/2026-12-01-0900-UTC-very-long-branch-name',
].join(' ');

/** A script as tall as several screens: the buttons must stay in view however tall the card. */
export const TALL_SCRIPT = Array.from(
  { length: 120 },
  (_, i) =>
    `echo "step ${i + 1}: migrating table_${i + 1} (this line is here to make the card taller than the screen)"`,
).join('\n');

export function stateOf(steps: Step[]): StepsState {
  return {
    ids: steps.map((step) => step.id),
    byId: Object.fromEntries(steps.map((step) => [step.id, step])),
    run: { status: 'paused' },
    diagnostics: { count: 0 },
  };
}

export function waiting(id: string, toolName: string, input: Record<string, unknown>, extra: Partial<Step> = {}): Step {
  return {
    id,
    toolName,
    status: 'awaiting-approval',
    inputText: JSON.stringify(input),
    input,
    approval: { id: `approval_${id}`, description: 'Runs a shell command in the workspace', sideEffects: ['process'] },
    ...extra,
  };
}

export const longCommand = stateOf([
  {
    id: 'call_read',
    toolName: 'read_file',
    status: 'succeeded',
    inputText: '',
    input: { path: 'CHANGELOG.md' },
    result: '# Changelog',
  },
  waiting(
    'call_push',
    'run_command',
    { command: LONG_COMMAND, cwd: '.' },
    {
      approval: {
        id: 'approval_push',
        description: 'Runs a shell command in the workspace',
        sideEffects: ['process', 'network', 'git history'],
      },
    },
  ),
]);

export const tallScript = stateOf([
  waiting(
    'call_tall',
    'run_command',
    { command: TALL_SCRIPT },
    {
      approval: { id: 'approval_tall', description: 'Runs a migration script', sideEffects: ['database'] },
    },
  ),
]);

export const threeApprovals = stateOf([
  waiting(
    'call_1',
    'run_command',
    { command: 'pnpm install --frozen-lockfile' },
    {
      approval: { id: 'ap_1', sideEffects: ['process', 'network'] },
    },
  ),
  waiting(
    'call_2',
    'write_file',
    { path: '.env.production', content: 'API_URL=https://api.example.com' },
    {
      approval: { id: 'ap_2', description: 'Writes a file in the workspace', sideEffects: ['filesystem'] },
    },
  ),
  waiting(
    'call_3',
    'delete_records',
    { table: 'sessions', where: 'last_seen < now() - interval 90 day' },
    {
      approval: { id: 'ap_3', description: 'Deletes rows from the database', sideEffects: ['database'] },
    },
  ),
]);

/** When the story's run began: a few seconds before the page opened, on the clock the list reads. */
const RUN_BEGAN = Date.now() - 4_000;

/** A run with every kind of row, for the locale and right-to-left stories. */
export const mixed = stateOf([
  {
    id: 'm_read',
    toolName: 'read_file',
    status: 'succeeded',
    inputText: '',
    input: { path: 'src/a.ts' },
    startedAt: RUN_BEGAN,
    endedAt: RUN_BEGAN + 420,
  },
  { id: 'm_edit', toolName: 'edit_file', status: 'running', inputText: '', input: { path: 'src/b.ts' } },
  {
    id: 'm_fail',
    toolName: 'run_command',
    status: 'failed',
    inputText: '',
    input: { command: 'pnpm build' },
    error: { message: 'Tool "run_command" timed out after 60000ms', code: 'TOOL_TIMEOUT' },
  },
  { id: 'm_cancel', toolName: 'run_command', status: 'cancelled', inputText: '', input: { command: 'sleep 60' } },
  waiting('m_w1', 'write_file', { path: '.env' }, { approval: { id: 'a1', sideEffects: ['filesystem'] } }),
  waiting('m_w2', 'delete_records', { table: 'sessions' }, { approval: { id: 'a2', sideEffects: ['database'] } }),
]);

/** What approving a call will do, in the host's words (vercel/ai#15733). */
export const NOTES_MD =
  '# Notes\n\n- `applyDiscount` takes a percentage (0-100).\n- Run `node --test` before a change.\n- Open: fixed-amount coupons, sales tax.\n';

/** What a write, an edit and a command look like before they are approved (the playground's NOTES.md). */
export const writeEditCommand = stateOf([
  waiting(
    'call_notes',
    'write_file',
    { path: 'NOTES.md', content: NOTES_MD },
    { approval: { id: 'approval_notes', description: 'Writes a file in the workspace', sideEffects: ['filesystem'] } },
  ),
  waiting(
    'call_fix',
    'edit_file',
    {
      path: 'src/discount.mjs',
      old_string: '  return total - percent;',
      new_string: '  return total * (1 - percent / 100);',
    },
    { approval: { id: 'approval_fix', description: 'Edits a file in the workspace', sideEffects: ['filesystem'] } },
  ),
  waiting('call_test', 'run_command', { command: 'node --test' }),
]);

export const consequences = (step: Step) =>
  step.toolName === 'delete_records' ? '47 records will be deleted' : undefined;

/** A list in a box of a given width, as a phone or a chat column, with "Approve all" on. */
export function Column({
  width,
  dir,
  lang,
  ...props
}: ToolSteps.Props & { width?: number; dir?: 'ltr' | 'rtl'; lang?: string; labels?: ToolStepsLabelsInput }) {
  return (
    <div style={{ maxWidth: width, margin: '0 auto' }} dir={dir} lang={lang}>
      <ToolSteps approveAll {...props} />
    </div>
  );
}
