'use client';

import { type ReactNode, useId } from 'react';
import { InListContext, useToolStepsLabels } from '../../internal/context';
import { useOpenKey } from './expanded';
import { useListShared } from './shared';

/**
 * A parent's nested steps (a sub-agent's calls): a button that counts them and shows or hides them,
 * then the list. Renders `<button data-slot="tool-step-nested-trigger" aria-expanded aria-controls>`
 * and, shown, `<ol data-slot="tool-steps" data-nested>`.
 */
export function NestedSteps({
  id,
  count,
  startOpen,
  children,
}: {
  id: string;
  count: number;
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
        {labels.groups.nested(count)}
      </button>
      {open ? (
        <ol data-slot="tool-steps" className="tool-steps" data-nested="" id={listId}>
          <InListContext.Provider value={true}>{children()}</InListContext.Provider>
        </ol>
      ) : null}
    </>
  );
}
