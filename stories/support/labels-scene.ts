// A list that shows every kind of word the kit writes: a group of finished reads and
// searches, a step whose output hides a secret (with both views), a terminal block with two streams,
// an exit code and the wire's duration, a parent with a nested step, a running step, skipped frames and
// the turn summary. The locale stories draw it in German and in Arabic, right to left.
import type { Step, StepsState } from 'tool-steps';

const start = Date.now() - 90_000;
const at = (seconds: number) => start + seconds * 1000;
const step = (fields: Partial<Step> & Pick<Step, 'id' | 'toolName' | 'status'>): Step => ({ inputText: '', ...fields });

export const wordsScene: StepsState = {
  ids: ['r1', 'r2', 's1', 'cfg', 'test', 'plan', 'plan.1', 'plan.2', 'edit'],
  byId: {
    r1: step({
      id: 'r1',
      toolName: 'read_file',
      status: 'succeeded',
      input: { path: 'src/a.ts' },
      startedAt: at(0),
      endedAt: at(0.4),
    }),
    r2: step({
      id: 'r2',
      toolName: 'read_file',
      status: 'succeeded',
      input: { path: 'src/b.ts' },
      startedAt: at(0.5),
      endedAt: at(1.2),
    }),
    s1: step({
      id: 's1',
      toolName: 'grep',
      status: 'succeeded',
      input: { pattern: 'TODO' },
      startedAt: at(1.3),
      endedAt: at(2.1),
    }),
    cfg: step({
      id: 'cfg',
      toolName: 'read_file',
      status: 'failed',
      input: { path: '.env' },
      result: 'GITHUB_TOKEN=ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5\nPORT=8080',
      details: { path: '.env', first: 'GITHUB_TOKEN=ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5' },
      error: { message: 'EACCES: .env', code: 'EACCES' },
      startedAt: at(3),
      endedAt: at(3.4),
    }),
    test: step({
      id: 'test',
      toolName: 'run_command',
      status: 'succeeded',
      input: { command: 'pnpm test' },
      details: {
        command: 'pnpm test',
        stdout: '✓ a.test.ts (3)\n✓ b.test.ts (5)\n',
        stderr: '(node) ExperimentalWarning\n',
        exitCode: 0,
        durationMs: 8420,
      },
      startedAt: at(4),
      endedAt: at(12.5),
    }),
    plan: step({
      id: 'plan',
      toolName: 'write_file',
      status: 'succeeded',
      input: { path: 'PLAN.md' },
      startedAt: at(13),
      endedAt: at(15),
    }),
    'plan.1': step({
      id: 'plan.1',
      parentId: 'plan',
      toolName: 'read_file',
      status: 'succeeded',
      input: { path: 'README.md' },
    }),
    'plan.2': step({
      id: 'plan.2',
      parentId: 'plan',
      toolName: 'edit_file',
      status: 'succeeded',
      input: { path: 'PLAN.md' },
    }),
    edit: step({
      id: 'edit',
      toolName: 'edit_file',
      status: 'running',
      input: { path: 'src/c.ts' },
      startedAt: at(80),
    }),
  },
  run: { status: 'streaming' },
  diagnostics: { count: 2 },
};
