import type { Preview } from '@storybook/react-vite';
import { StrictMode } from 'react';
import { configure } from 'storybook/test';
import '../src/styles.css';

// play functions' `waitFor`/`findBy…` wait up to 30 s (1 s by default): a ceiling, never a delay; the story
// tests share 2 cores with the other projects, where a lazy chunk alone can take seconds
configure({ asyncUtilTimeout: 30_000 });

const preview: Preview = {
  decorators: [
    (Story) => (
      <StrictMode>
        <Story />
      </StrictMode>
    ),
  ],
  parameters: {
    layout: 'padded',
    // addon-a11y: an axe violation fails the story's test in the vitest storybook project
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
  // The kit's stylesheets select parts by class: every element with a data-slot must carry that slot
  // as a class (src/internal/slot-class.ts), or the default theme silently skips it. Checked after
  // every story's play function, in the storybook test project and in the Storybook UI alike.
  afterEach: ({ canvasElement }) => {
    const bare = [...canvasElement.querySelectorAll('[data-slot]')]
      .map((element) => element.getAttribute('data-slot') ?? '')
      .filter((slot) => slot !== '')
      .filter((slot, index, all) => all.indexOf(slot) === index)
      .filter((slot) => canvasElement.querySelector(`[data-slot="${slot}"]:not(.${slot})`) !== null);
    if (bare.length > 0) throw new Error(`parts without their slot's class: ${bare.join(', ')}`);
  },
};

export default preview;
