'use client';

import { type ReactNode, useId } from 'react';
import { InListContext, useToolStepsLabels } from '../../internal/context';
import { useOpenKey } from './expanded';
import { useListShared } from './shared';

/**
 * A parent's nested steps (a sub-agent's calls and reasoning): a button that counts the steps (or, with
 * none yet, the thoughts) and shows or hides them, then the list. Renders `<button data-slot="tool-step-nested-trigger" aria-expanded aria-controls>`
 * and, shown, `<ol data-slot="tool-steps" data-nested>`.
 */
export function NestedSteps({
  id,
  count,
  thoughts = 0,
  startOpen,
  children,
}: {
  id: string;
  count: number;
  /** How many reasoning segments are nested, for the button of a parent without nested steps. */
  thoughts?: number;
  startOpen: boolean;
  children: () => ReactNode;
}) {
  const { nested } = useListShared();
  const open = useOpenKey(nested, id) ?? startOpen;
  const setChosen = (next: boolean) => nested.set(id, next);
  const listId = useId();
  const labels = useToolStepsLabels();
  return (
    <>
      <button
        type="button"
        data-slot="tool-step-nested-trigger"
        className="tool-step-nested-trigger"
        data-state={open ? 'open' : 'closed'}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setChosen(!open)}
      >
        {count === 0 && thoughts > 0 ? labels.reasoning.count(thoughts) : labels.groups.nested(count)}
      </button>
      {open ? (
        <ol data-slot="tool-steps" className="tool-steps" data-nested="" id={listId}>
          <InListContext.Provider value={true}>{children()}</InListContext.Provider>
        </ol>
      ) : null}
    </>
  );
}
