// Issue 7 item 6 (bytes): the curated icon table is split in two. The eager icons (Cogitator's workspace
// tools and the fallback) draw at once; the other built-in icons load as a chunk of their own the first time a
// row names one. Until then the slot already names the icon (`data-icon`) and holds an empty box of its size.
import { render, waitFor } from '@testing-library/react';
import { ToolStepIcon, toolIcons } from 'tool-steps';
import { describe, expect, it } from 'vitest';
import { EAGER_ICONS, LAZY_ICON_NAMES } from '../../src/components/icon-table';
import { lazyIcons } from '../../src/components/icons-lazy';

describe('the icon chunks', () => {
  it('split the curated table exactly: eager and lazy together are toolIcons, with the same components', () => {
    const split = { ...EAGER_ICONS, ...lazyIcons };
    expect(Object.keys(split).sort()).toEqual(Object.keys(toolIcons).sort());
    expect(Object.keys(lazyIcons).sort()).toEqual([...LAZY_ICON_NAMES].sort());
    for (const [name, Icon] of Object.entries(split))
      expect(Icon, name).toBe(toolIcons[name as keyof typeof toolIcons]);
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
