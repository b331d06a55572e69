'use client';

/**
 * Content under a Suspense boundary that has not mounted yet. A server-rendered boundary hydrates after
 * the list around it (when its chunk arrives), and React compares every attribute of its HTML then: the
 * list's keyboard model must not change a `tabindex` under it before that ("A tree hydrated but some
 * attributes of the server rendered HTML didn't match", in a Next app's first load). The element around
 * such a boundary is drawn with `PENDING`, and `Settled`, drawn inside the boundary, takes it away once it has
 * mounted: by hand, not through state, since an update above a boundary still to hydrate makes React drop
 * the server's HTML and draw the fallback instead.
 */
import { type RefObject, useEffect } from 'react';

/** Held by an element while the Suspense boundary inside it has not mounted (drawn, or hydrated). */
export const PENDING = 'data-ts-pending';

/** Draws nothing; once the boundary it sits in has mounted, takes `PENDING` off the element `within`. */
export function Settled({ within }: { within: RefObject<HTMLElement | null> }): null {
  // not a layout effect: drawn in the same commit as the element, it would run before its ref is set
  useEffect(() => {
    within.current?.removeAttribute(PENDING);
  }, [within]);
  return null;
}
