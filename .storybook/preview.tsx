import type { Preview } from '@storybook/react-vite';
import { StrictMode } from 'react';
import '../src/styles.css';

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
};

export default preview;
