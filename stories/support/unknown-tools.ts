/**
 * Ten calls of tools the kit has no table entry for, each named the way real agents name them
 * (snake_case, camelCase, kebab-case, MCP-namespaced, OpenAI-namespaced), with the arguments they
 * really take and no server presentation: what a row derives from the call alone.
 */
import type { Step, StepsState } from 'tool-steps/core';

// a few seconds before the story opens: a running step's clock reads seconds, not the days since a fixed date
const t0 = Date.now() - 20_000;

function step(
  id: string,
  toolName: string,
  input: Record<string, unknown>,
  status: Step['status'],
  extra: Partial<Step> = {},
): Step {
  return {
    id,
    toolName,
    status,
    inputText: JSON.stringify(input),
    input,
    startedAt: t0,
    ...(status === 'running' || status === 'input-streaming' || status === 'awaiting-approval'
      ? {}
      : { endedAt: t0 + 840 }),
    ...extra,
  };
}

/** The ten steps, in the order a run would draw them. */
export const unknownToolSteps: readonly Step[] = [
  step('u1', 'delete_file', { path: 'old/reports/2025/q4/quarterly-revenue-by-region.csv' }, 'succeeded', {
    result: { deleted: true },
  }),
  step('u2', 'getWeather', { city: 'Lisbon', units: 'metric' }, 'succeeded', {
    result: { tempC: 19, sky: 'clear' },
  }),
  step('u3', 'search-orders', { query: 'status:refunded customer:4821', limit: 20 }, 'running'),
  step(
    'u4',
    'mcp__github__create_issue',
    { owner: 'acme', repo: 'shop', title: 'Checkout fails for EUR carts' },
    'awaiting-approval',
    { approval: { id: 'a-u4', description: 'Open an issue in acme/shop' } },
  ),
  step(
    'u5',
    'fetch_url',
    { url: 'https://docs.example.com/api/v2/reference/payments/refunds#partial-refunds' },
    'succeeded',
    {
      result: '<html>…</html>',
    },
  ),
  step('u6', 'execute_sql', { sql: 'SELECT id, total FROM orders WHERE refunded_at IS NOT NULL' }, 'succeeded', {
    result: [
      { id: 4821, total: 129.5 },
      { id: 4822, total: 18 },
    ],
  }),
  step('u7', 'send_email', { to: 'ops@example.com', subject: 'Refund report ready' }, 'failed', {
    error: { message: 'SMTP relay refused the sender', code: 'EMAIL_REJECTED' },
  }),
  step('u8', 'functions.list_directory', { path: 'src/components' }, 'succeeded', {
    result: ['Button.tsx', 'Cart.tsx'],
  }),
  step('u9', 'git_commit', { message: 'fix: round EUR totals before refund' }, 'succeeded', {
    result: { sha: '9f2c1e0' },
  }),
  step('u10', 'generateImage', { prompt: 'a flat icon of a shopping cart, blue' }, 'cancelled'),
];

/** The same steps as a finished run's state. */
export const unknownToolsState: StepsState = {
  ids: unknownToolSteps.map((s) => s.id),
  byId: Object.fromEntries(unknownToolSteps.map((s) => [s.id, s])),
  run: { status: 'paused' },
  diagnostics: { count: 0 },
};
