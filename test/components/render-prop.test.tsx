// Tests of an internal helper (the `render` prop every part takes), so it imports from src/internal.
import { fireEvent, render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { drawPart, mergeProps, mergeRefs } from '../../src/internal/render';

describe('mergeProps', () => {
  it("lets the caller win for plain props, but an undefined value does not erase the part's", () => {
    expect(mergeProps({ id: 'own', title: 'own', 'data-slot': 'x' }, { id: 'theirs', title: undefined })).toEqual({
      id: 'theirs',
      title: 'own',
      'data-slot': 'x',
    });
  });

  it("joins class names (the part's first) and merges styles (the caller's keys win)", () => {
    const merged = mergeProps(
      { className: 'a', style: { color: 'red', margin: 1 } },
      { className: 'b', style: { color: 'blue' } },
    );
    expect(merged.className).toBe('a b');
    expect(merged.style).toEqual({ color: 'blue', margin: 1 });
  });

  it("runs both event handlers, the caller's first; preventDefault in the caller's skips the part's", () => {
    const order: string[] = [];
    const merged = mergeProps({ onClick: () => order.push('part') }, { onClick: () => order.push('caller') });
    (merged.onClick as (event: { defaultPrevented: boolean }) => void)({ defaultPrevented: false });
    expect(order).toEqual(['caller', 'part']);
    const part = vi.fn();
    const stopped = mergeProps(
      { onClick: part },
      {
        onClick: (event: { preventDefault(): void }) => {
          event.preventDefault();
        },
      },
    );
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    (stopped.onClick as (event: unknown) => void)(event);
    expect(part).not.toHaveBeenCalled();
  });

  it('does not treat a non-handler "on…" prop as a handler', () => {
    const merged = mergeProps({ one: 'a' }, { one: 'b' });
    expect(merged.one).toBe('b');
  });
});

describe('mergeRefs', () => {
  it('sets object and function refs alike, and clears them with null', () => {
    const object = createRef<string>();
    const seen: Array<string | null> = [];
    const merged = mergeRefs<string>(object, (value) => {
      seen.push(value);
    }) as (value: string | null) => void;
    merged('x');
    expect(object.current).toBe('x');
    merged(null);
    expect(object.current).toBeNull();
    expect(seen).toEqual(['x', null]);
  });

  it('returns a single ref as it is', () => {
    const object = createRef<string>();
    expect(mergeRefs(undefined, object)).toBe(object);
  });
});

describe('drawPart', () => {
  it('draws the default tag, or the element given, or what the function returns', () => {
    const ref = createRef<HTMLElement>();
    const inner = createRef<HTMLElement>();
    const onClick = vi.fn();
    const { container, rerender } = render(
      drawPart('span', undefined, { 'data-slot': 's', children: 'text' }, { className: 'c' }, ref, {}),
    );
    expect(container.innerHTML).toBe('<span data-slot="s" class="s c">text</span>');
    expect(ref.current).toBe(container.firstElementChild);
    rerender(
      drawPart(
        'span',
        <button type="button" ref={inner as never} className="e" onClick={onClick} />,
        { 'data-slot': 's', children: 'text', onClick: () => onClick('part') },
        { className: 'c' },
        ref,
        {},
      ),
    );
    const link = container.querySelector('button') as HTMLElement;
    expect(link.getAttribute('data-slot')).toBe('s');
    expect(link.className).toBe('s c e');
    expect(link.textContent).toBe('text');
    expect(ref.current).toBe(link);
    expect(inner.current).toBe(link);
    fireEvent.click(link);
    expect(onClick.mock.calls.map((call) => call[0] === 'part')).toEqual([false, true]);
    rerender(
      drawPart('span', (props, state: { n: number }) => <b {...props}>{state.n}</b>, { 'data-slot': 's' }, {}, ref, {
        n: 7,
      }),
    );
    expect(container.innerHTML).toBe('<b data-slot="s" class="s">7</b>');
  });

  it("lets the element's own children replace the part's", () => {
    const { container } = render(drawPart('span', <em>mine</em>, { children: 'part text' }, {}, undefined, {}));
    expect(container.innerHTML).toBe('<em>mine</em>');
  });
});
