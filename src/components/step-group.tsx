'use client';

import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, type Ref, useId } from 'react';
import { useToolStepsLabels } from '../internal/context';
import { mergeRefs } from '../internal/render';
import { useRowTabStop } from '../internal/row-focus';
import { slotClass } from '../internal/slot-class';
import type { StepGroup } from '../presentation/grouping';

/**
 * A run of grouped steps: one summary row ("Read 3 files, searched 2 patterns · 4.2s"; with the
 * reasoning taken in between them "Thought for 8s, read 3 files · 14s") whose button opens the steps'
 * own rows and the thoughts between them.
 *
 * Renders `<li data-slot="tool-steps-group" data-state="open" | "closed" data-group-key
 * data-group-steps>` with `<button data-slot="tool-steps-group-trigger" aria-expanded aria-controls>`
 * (its text in `<span data-slot="tool-steps-group-summary">`) and, open, the rows in
 * `<ol data-slot="tool-steps">`. Other props go to the `<li>` (a windowed list places it).
 */
export const ToolStepsGroup = forwardRef<
  HTMLLIElement,
  Omit<ComponentPropsWithoutRef<'li'>, 'children'> & {
    group: StepGroup;
    open: boolean;
    onOpenChange: (open: boolean) => void;
    children: ReactNode;
  }
>(function ToolStepsGroup({ group, open, onOpenChange, children, ...props }, ref) {
  const listId = useId();
  const labels = useToolStepsLabels();
  const stop = useRowTabStop(`group:${group.key}`);
  const families = group.families.map(({ family, count }) => labels.groups.family(family, count));
  const thinking =
    group.thoughtMs === undefined || group.thoughtMs < 1000 ? undefined : labels.duration(group.thoughtMs);
  const summary = labels.groups.group(
    group.thoughts.length > 0 ? [labels.groups.thought(thinking), ...families] : families,
    // under a second no time, as the turn summary: "3ms" over three cached reads says nothing to a person
    group.durationMs === undefined || group.durationMs < 1000 ? undefined : labels.duration(group.durationMs),
  );
  return (
    <li
      data-slot="tool-steps-group"
      data-state={open ? 'open' : 'closed'}
      data-group-key={group.key}
      data-group-steps={group.ids.join(' ')}
      tabIndex={stop?.tabIndex}
      onFocus={stop?.onFocus}
      {...props}
      className={slotClass('tool-steps-group', props.className)}
      ref={mergeRefs<HTMLLIElement>(ref, stop?.ref as Ref<HTMLLIElement> | undefined)}
    >
      <button
        type="button"
        data-slot="tool-steps-group-trigger"
        className="tool-steps-group-trigger"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => onOpenChange(!open)}
      >
        <span data-slot="tool-steps-group-summary" className="tool-steps-group-summary">
          {summary}
        </span>
      </button>
      {open ? (
        <ol data-slot="tool-steps" className="tool-steps" id={listId}>
          {children}
        </ol>
      ) : null}
    </li>
  );
});
