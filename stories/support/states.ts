/**
 * One step in every status of `STEP_STATUSES`, as a `StepsState`: the data of the `States` stories.
 * Written by hand (not replayed) so that each row shows exactly what its status can carry: progress
 * while running, details once succeeded, an error with its code, an approval with its side effects.
 */
import { STEP_STATUSES, type Step, type StepStatus, type StepsState } from 'tool-steps/core';

// a few seconds before the story opens: a running step's clock reads seconds, not the days since a fixed date
const t0 = Date.now() - 12_000;

/** A step of each status, keyed by status; ids are `step-<status>`. */
export const stepByStatus: Readonly<Record<StepStatus, Step>> = {
  'input-streaming': {
    id: 'step-input-streaming',
    toolName: 'write_file',
    status: 'input-streaming',
    inputText: '{"path":"src/lib/currency.ts","content":"export const',
    input: { path: 'src/lib/currency.ts', content: 'export const' },
    startedAt: t0,
  },
  running: {
    id: 'step-running',
    toolName: 'run_command',
    status: 'running',
    inputText: '{"command":"pnpm test"}',
    input: { command: 'pnpm test' },
    presentation: { label: 'Run command', icon: 'terminal', detail: 'pnpm test' },
    progress: {
      content: 'src/api/orders.test.ts: 31 passed',
      details: { files: 3, passed: 41, failed: 0 },
      count: 4,
    },
    startedAt: t0 + 1_000,
  },
  'awaiting-approval': {
    id: 'step-awaiting-approval',
    toolName: 'run_command',
    status: 'awaiting-approval',
    inputText: '{"command":"git push --force origin main"}',
    input: { command: 'git push --force origin main' },
    approval: {
      id: 'approval-1',
      description: 'Force-push main to origin',
      sideEffects: ['Rewrites the remote history of main'],
    },
    startedAt: t0 + 2_000,
  },
  succeeded: {
    id: 'step-succeeded',
    toolName: 'edit_file',
    status: 'succeeded',
    inputText: '{"path":"src/lib/money.ts","oldText":"formatUsd","newText":"formatCurrency"}',
    input: { path: 'src/lib/money.ts', oldText: 'formatUsd', newText: 'formatCurrency' },
    presentation: { label: 'Edit file', icon: 'file-pen', detail: 'src/lib/money.ts' },
    result: { path: 'src/lib/money.ts', replacements: 1 },
    details: {
      diff: '--- a/src/lib/money.ts\n+++ b/src/lib/money.ts\n@@ -6,1 +6,1 @@\n-export function formatUsd(money: Money): string {\n+export function formatCurrency(money: Money): string {\n',
    },
    startedAt: t0 + 3_000,
    endedAt: t0 + 3_120,
  },
  failed: {
    id: 'step-failed',
    toolName: 'run_command',
    status: 'failed',
    inputText: '{"command":"pnpm build"}',
    input: { command: 'pnpm build' },
    presentation: { label: 'Run command', icon: 'terminal', detail: 'pnpm build' },
    error: { message: 'Tool "run_command" timed out after 60000ms', code: 'TOOL_TIMEOUT' },
    startedAt: t0 + 4_000,
    endedAt: t0 + 64_000,
  },
  denied: {
    id: 'step-denied',
    toolName: 'write_file',
    status: 'denied',
    inputText: '{"path":".env","content":"API_KEY="}',
    input: { path: '.env', content: 'API_KEY=' },
    approval: {
      id: 'approval-2',
      description: 'Overwrite .env',
      decision: { approved: false, reason: 'Secrets stay out of the workspace.' },
    },
    startedAt: t0 + 5_000,
    endedAt: t0 + 9_000,
  },
  cancelled: {
    id: 'step-cancelled',
    toolName: 'grep',
    status: 'cancelled',
    inputText: '{"pattern":"TODO","path":"."}',
    input: { pattern: 'TODO', path: '.' },
    startedAt: t0 + 6_000,
    endedAt: t0 + 6_400,
  },
  interrupted: {
    id: 'step-interrupted',
    toolName: 'read_file',
    status: 'interrupted',
    inputText: '{"path":"src/api/refunds.ts"}',
    input: { path: 'src/api/refunds.ts' },
    startedAt: t0 + 7_000,
    endedAt: t0 + 7_050,
  },
};

/** The label the built-in table (or the server's presentation) gives each row of `stepByStatus`. */
export const labelByStatus: Readonly<Record<StepStatus, string>> = {
  'input-streaming': 'Writing file',
  running: 'Run command',
  'awaiting-approval': 'Run command',
  succeeded: 'Edit file',
  failed: 'Run command',
  denied: 'Write file',
  cancelled: 'Search files',
  interrupted: 'Read file',
};

/** Every status, one step each, in the order of `STEP_STATUSES`. */
export const everyStatusState: StepsState = {
  ids: STEP_STATUSES.map((status) => stepByStatus[status].id),
  byId: Object.fromEntries(STEP_STATUSES.map((status) => [stepByStatus[status].id, stepByStatus[status]])),
  run: { status: 'paused' },
  diagnostics: { count: 0 },
};
