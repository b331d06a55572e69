// outcomeOf: what a row shows a step came to, derived when drawing; the state keeps the wire's status.
import { emptyStepsState, reduceSteps, type Step } from 'tool-steps/core';
import { isStoppedRun, outcomeOf } from 'tool-steps/presentation';
import { eventsFromDualChannelResult, mcpResultEvents } from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

const done = (fields: Partial<Step>): Step => ({
  id: 'c',
  toolName: 'bash',
  status: 'succeeded',
  inputText: '',
  ...fields,
});

describe('outcomeOf', () => {
  it('reads the details before the result: a terminal block that says exit 0 wins over a result that says 1', () => {
    expect(outcomeOf(done({ details: { stdout: '', exitCode: 0 }, result: { exitCode: 1 } }))).toEqual({
      status: 'succeeded',
      derived: false,
    });
    expect(outcomeOf(done({ details: { kind: 'text' }, result: { exitCode: 1 } }))).toEqual({
      status: 'failed',
      exitCode: 1,
      derived: true,
    });
  });

  it('takes only integer exit codes, and `code` only in a terminal block', () => {
    expect(outcomeOf(done({ result: { exitCode: '1' } })).status).toBe('succeeded');
    expect(outcomeOf(done({ result: { exitCode: 1.5 } })).status).toBe('succeeded');
    expect(outcomeOf(done({ result: { exitCode: null, signal: 'SIGKILL' } })).status).toBe('succeeded');
    expect(outcomeOf(done({ details: { code: 'const x = 1' } })).status).toBe('succeeded');
    expect(outcomeOf(done({ details: { code: 2 } })).status).toBe('succeeded');
    expect(outcomeOf(done({ details: { stderr: 'x', code: 2 } }))).toEqual({
      status: 'failed',
      exitCode: 2,
      derived: true,
    });
  });

  it('never throws on a hostile value', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    expect(outcomeOf(done({ details: hostile, result: hostile })).status).toBe('succeeded');
  });

  it('agrees with the decoders that already fail a reported failure (MCP isError, VT Code success: false)', () => {
    const mcp = reduceSteps(emptyStepsState, [
      { type: 'step-start', id: 'm', toolName: 'search' },
      ...mcpResultEvents('m', { content: [{ type: 'text', text: 'no index' }], isError: true }),
    ]);
    const vt = reduceSteps(
      emptyStepsState,
      eventsFromDualChannelResult({ tool_name: 'grep', success: false }, { id: 'v' }),
    );
    for (const step of [mcp.byId.m, vt.byId.v] as Step[]) {
      expect(step.status).toBe('failed');
      expect(outcomeOf(step)).toMatchObject({ status: 'failed', derived: false });
    }
  });

  it('reads an interrupted call as stopped only when told the person stopped the run', () => {
    const cut = done({ status: 'interrupted' });
    expect(outcomeOf(cut)).toEqual({ status: 'interrupted', derived: false });
    expect(outcomeOf(cut, { stopped: true })).toEqual({ status: 'stopped', derived: true });
    // a finished call of a stopped run stays what it was
    expect(outcomeOf(done({}), { stopped: true }).status).toBe('succeeded');
  });
});

describe('isStoppedRun', () => {
  it("is true for the stream client's stop only", () => {
    expect(isStoppedRun({ status: 'interrupted', reasonCode: 'stopped' })).toBe(true);
    expect(isStoppedRun({ status: 'interrupted', reason: 'The connection was lost.' })).toBe(false);
    expect(isStoppedRun({ status: 'interrupted' })).toBe(false);
    expect(isStoppedRun({ status: 'interrupted', reasonCode: 'stopped', error: { message: 'x' } })).toBe(false);
    expect(isStoppedRun({ status: 'done' })).toBe(false);
  });
});
