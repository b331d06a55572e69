/**
 * Which top-level items a list shows at its verbosity: pure functions of the items, the snapshot, the
 * tree and the tools, run by `listView` once per view.
 */

import type { Step, StepsState } from 'tool-steps/core';
import { isThought, type ListItem } from '../presentation/grouping';
import { outcomeOf } from '../presentation/outcome';
import type { ToolsConfig } from './context';
import type { StepTree } from './step-tree';

/** How much of a run a list draws (`ToolStepsRoot.Verbosity`). */
export type Verbosity = 'collapsed' | 'steps' | 'expanded';

export const isVerbosity = (value: unknown): value is Verbosity =>
  value === 'collapsed' || value === 'steps' || value === 'expanded';

/** Whether a step needs a person: it waits for approval, or it failed. `collapsed` never hides it. */
export const needsPerson = (step: Step | undefined): boolean =>
  step !== undefined && (step.status === 'awaiting-approval' || outcomeOf(step).status === 'failed');

/** A step's verbosity: its tool's `verbosity` in `tools`, else the list's. */
export const stepVerbosity = (step: Step | undefined, tools: ToolsConfig | undefined, list: Verbosity): Verbosity => {
  const own = step && tools && Object.hasOwn(tools, step.toolName) ? tools[step.toolName]?.verbosity : undefined;
  return isVerbosity(own) ? own : list;
};

/** Whether the list or a tool is `collapsed`: only then does a list leave items out. */
export const filtersItems = (tools: ToolsConfig | undefined, list: Verbosity): boolean =>
  list === 'collapsed' || (tools !== undefined && Object.values(tools).some((tool) => tool?.verbosity === 'collapsed'));

/**
 * The top-level items a list shows when it leaves some out (`filtersItems`): a collapsed step's row
 * only when it, or one of its nested steps, needs a person; a group only when one of its steps is not
 * collapsed; a thought only when the list is not collapsed.
 */
export function shownItems(
  items: readonly ListItem[],
  state: StepsState,
  tree: StepTree,
  tools: ToolsConfig | undefined,
  list: Verbosity,
): readonly ListItem[] {
  const step = (id: string) => (Object.hasOwn(state.byId, id) ? state.byId[id] : undefined);
  const collapsed = (id: string) => stepVerbosity(step(id), tools, list) === 'collapsed';
  const needs = (id: string): boolean => needsPerson(step(id)) || (tree.children.get(id) ?? []).some(needs);
  return items.filter((item) =>
    typeof item === 'string'
      ? !collapsed(item) || needs(item)
      : isThought(item)
        ? list !== 'collapsed'
        : item.members.some((member) => typeof member === 'string' && !collapsed(member)),
  );
}
