import {
  type CSSProperties,
  cloneElement,
  createElement,
  isValidElement,
  type ReactElement,
  type Ref,
  type RefCallback,
  version,
} from 'react';
import { slotClass } from './slot-class';

/**
 * How a part's element is swapped (Base UI's `render` prop): an element, whose type is drawn with
 * the part's props merged into its own (`render={<section />}`, `render={<a href="/x" />}`), or a
 * function of the merged props and the part's state that returns the element to draw.
 */
export type RenderProp<State> =
  | ReactElement
  // biome-ignore lint/suspicious/noExplicitAny: the props are the part's merged HTML props, typed by the part's docs
  | ((props: Record<string, any>, state: State) => ReactElement);

type Props = Record<string, unknown>;

/** Sets a ref of any kind (function or object); `null` clears it. No cleanup functions (React 18). */
function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/** One callback ref that sets every given ref. `undefined` when there is at most one, returned as is. */
export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): Ref<T> | undefined {
  const present = refs.filter((ref): ref is Ref<T> => ref !== undefined && ref !== null);
  if (present.length <= 1) return present[0];
  const merged: RefCallback<T> = (value) => {
    for (const ref of present) setRef(ref, value);
  };
  return merged;
}

const isHandler = (key: string, value: unknown) =>
  typeof value === 'function' && key.length > 2 && key.startsWith('on') && key[2] === key[2]?.toUpperCase();

/**
 * Merges a part's own props with the caller's, the caller's last:
 * - plain props: the caller's value wins (`undefined` does not erase the part's);
 * - `className`: both, the part's first; `style`: one object, the caller's keys win;
 * - event handlers (`onX` functions): both run, **the caller's first**; when the caller's handler
 *   calls `event.preventDefault()`, the part's is skipped (Radix's rule), so a caller can stop, for
 *   example, a trigger from toggling;
 * - `ref`: both are set.
 */
export function mergeProps(own: object, caller: object): Props {
  const ownProps = own as Props;
  const callerProps = caller as Props;
  const merged: Props = { ...ownProps };
  for (const key of Object.keys(callerProps)) {
    const theirs = callerProps[key];
    if (theirs === undefined) continue;
    const ours = ownProps[key];
    if (key === 'className' && typeof ours === 'string' && typeof theirs === 'string') {
      merged.className = ours ? `${ours} ${theirs}` : theirs;
    } else if (key === 'style' && ours && typeof ours === 'object') {
      merged.style = { ...(ours as CSSProperties), ...(theirs as CSSProperties) };
    } else if (key === 'ref') {
      merged.ref = mergeRefs(ours as Ref<unknown>, theirs as Ref<unknown>);
    } else if (isHandler(key, theirs) && typeof ours === 'function') {
      const part = ours as (...args: unknown[]) => unknown;
      const host = theirs as (...args: unknown[]) => unknown;
      merged[key] = (...args: unknown[]) => {
        host(...args);
        const event = args[0] as { defaultPrevented?: boolean } | undefined;
        if (!event?.defaultPrevented) part(...args);
      };
    } else {
      merged[key] = theirs;
    }
  }
  return merged;
}

const REACT_19 = Number.parseInt(version, 10) >= 19;

/** The ref an element was created with: a prop in React 19, a field of the element in React 18. */
function refOf(element: ReactElement): Ref<unknown> | undefined {
  if (REACT_19) return (element.props as { ref?: Ref<unknown> }).ref;
  return (element as unknown as { ref?: Ref<unknown> }).ref ?? undefined;
}

/**
 * Draws a part: `<tag {...props}>` by default; with `render`, the caller's element (its own props
 * win over the part's, refs are merged) or what the caller's function returns for these props and state.
 * `props` are the part's own props already merged with the caller's (see `mergeProps`), `ref` included.
 */
export function renderPart<State>(
  tag: string,
  render: RenderProp<State> | undefined,
  props: Props,
  state: State,
): ReactElement {
  if (typeof render === 'function') return render(props, state);
  if (isValidElement(render)) {
    const elementProps = render.props as Props;
    const merged = mergeProps(props, { ...elementProps, ref: refOf(render) });
    return cloneElement(render, merged);
  }
  return createElement(tag, props);
}

/**
 * A part's whole drawing in one call: its own props, then the caller's (`props`, `ref`) merged over
 * them, then the `render` swap.
 */
export function drawPart<State>(
  tag: string,
  render: RenderProp<State> | undefined,
  own: object,
  props: object,
  ref: unknown,
  state: State,
): ReactElement {
  const slot = (own as Props)['data-slot'];
  const classed = typeof slot === 'string' ? { ...own, className: slotClass(slot, (own as Props).className) } : own;
  return renderPart(tag, render, mergeProps(classed, ref ? { ...props, ref } : props), state);
}
