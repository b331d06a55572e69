// A state's display fields, checked by type: what the hostile-data tests and the fuzzer assert.
import type { StepsState } from 'tool-steps/core';

/** Every display field whose type is wrong, as `id.field`: a render reads these as text. */
export function displayFieldProblems(state: StepsState): string[] {
  const problems: string[] = [];
  const text = (where: string, value: unknown, optional = true) => {
    if (value === undefined && optional) return;
    if (typeof value !== 'string') problems.push(where);
  };
  if (typeof state.run.status !== 'string') problems.push('run.status');
  if (state.run.error) {
    text('run.error.message', state.run.error.message, false);
    text('run.error.code', state.run.error.code);
  }
  for (const id of state.ids) {
    const step = state.byId[id];
    if (!step) {
      problems.push(`${id}: missing`);
      continue;
    }
    text(`${id}.id`, step.id, false);
    text(`${id}.toolName`, step.toolName, false);
    text(`${id}.inputText`, step.inputText, false);
    text(`${id}.parentId`, step.parentId);
    if (step.presentation !== undefined) {
      if (typeof step.presentation !== 'object' || step.presentation === null) problems.push(`${id}.presentation`);
      else {
        text(`${id}.presentation.label`, step.presentation.label, false);
        text(`${id}.presentation.icon`, step.presentation.icon);
        text(`${id}.presentation.detail`, step.presentation.detail);
      }
    }
    if (step.error !== undefined) {
      text(`${id}.error.message`, step.error.message, false);
      text(`${id}.error.code`, step.error.code);
    }
    if (step.approval !== undefined) {
      text(`${id}.approval.id`, step.approval.id);
      text(`${id}.approval.description`, step.approval.description);
      const effects = step.approval.sideEffects;
      if (effects !== undefined && (!Array.isArray(effects) || effects.some((e) => typeof e !== 'string')))
        problems.push(`${id}.approval.sideEffects`);
      const decision = step.approval.decision;
      if (decision !== undefined) {
        if (typeof decision.approved !== 'boolean') problems.push(`${id}.approval.decision.approved`);
        text(`${id}.approval.decision.reason`, decision.reason);
      }
    }
    for (const key of ['startedAt', 'endedAt'] as const) {
      const value = step[key];
      if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) problems.push(`${id}.${key}`);
    }
  }
  return problems;
}
