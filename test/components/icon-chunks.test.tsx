// The built-in icons come from one table (`ICON_TABLE`): the first-paint icons (Cogitator's workspace tools and
// the fallback) draw at once; the other built-in icons load as a chunk of their own the first time a row names
// one. Until then the slot already names the icon (`data-icon`) and holds an empty box of its size.
import { render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ToolStepIcon } from 'tool-steps';
import { describe, expect, it } from 'vitest';
import { toolIcons } from '../../src/components/icons';

/** What the first paint draws: the workspace tools and the fallback, never waiting for a chunk. */
const FIRST_PAINT = ['file-pen', 'file-plus', 'file-text', 'folder', 'search', 'terminal', 'text-search', 'wrench'];

/** The class Lucide gives a component's SVG (`lucide lucide-<file name>`). */
const lucideClass = (name: keyof typeof toolIcons) =>
  /class="([^"]+)"/.exec(renderToStaticMarkup(createElement(toolIcons[name])))?.[1];

describe('the icon chunks', () => {
  it('draw every built-in icon by its name: the first-paint ones in the very first render, the rest once loaded', async () => {
    const names = Object.keys(toolIcons) as (keyof typeof toolIcons)[];
    expect(names).toEqual(expect.arrayContaining(FIRST_PAINT));
    // the server's render has no effects and loads nothing: what it draws is what the first paint shows
    const server = renderToStaticMarkup(
      <>
        {FIRST_PAINT.map((name) => (
          <ToolStepIcon key={name} name={name} />
        ))}
      </>,
    );
    for (const name of FIRST_PAINT) expect(server, name).toContain(lucideClass(name as keyof typeof toolIcons));
    const { container } = render(
      <>
        {names.map((name) => (
          <ToolStepIcon key={name} name={name} />
        ))}
      </>,
    );
    const slots = [...container.querySelectorAll('[data-slot="tool-step-icon"]')];
    expect(slots.map((slot) => slot.getAttribute('data-icon'))).toEqual(names);
    for (const [i, name] of names.entries()) {
      const svg = () => slots[i]?.querySelector('svg')?.getAttribute('class');
      if (FIRST_PAINT.includes(name)) expect(svg(), name).toBe(lucideClass(name));
      else await waitFor(() => expect(svg(), name).toBe(lucideClass(name)));
    }
  });

  it('draw an eager icon at once and a lazy one once its chunk is in, naming it from the first render', async () => {
    const { container } = render(
      <>
        <ToolStepIcon name="terminal" />
        <ToolStepIcon name="TrashTwo" />
        <ToolStepIcon name="trash_2" />
      </>,
    );
    const [terminal, unknown, trash] = [...container.querySelectorAll('[data-slot="tool-step-icon"]')];
    expect(terminal?.querySelector('svg')?.getAttribute('class')).toContain('lucide-terminal');
    // a name neither table has is the fallback at once, never a pending box
    expect(unknown?.getAttribute('data-icon')).toBe('wrench');
    expect(unknown?.querySelector('svg')?.getAttribute('class')).toContain('lucide-wrench');
    expect(trash?.getAttribute('data-icon')).toBe('trash-2');
    await waitFor(() => expect(trash?.querySelector('svg')?.getAttribute('class')).toContain('lucide-trash'));
    expect(trash?.querySelector('svg[data-pending]')).toBeNull();
  });
});
