import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadDetailsBody } from '../src/components/step-details';
import { loadLazyIcons } from '../src/components/step-icon';

// The open details body and most built-in icons are lazy chunks, loaded as soon as a row
// that needs them mounts. A test that clicks "Details" right after rendering would race that load (and lose
// it on a loaded machine), so every jsdom test file starts with both chunks in, as an app has them after its
// first rows. The lazy paths themselves are exercised by the browser tests, which do not preload.
await Promise.all([loadDetailsBody(), loadLazyIcons()]);

// `findBy…`/`waitFor` wait up to 30 s (Testing Library's default is 1 s): a ceiling, never a delay (a passing
// wait returns as soon as it passes). On a busy 2-core machine the first lazy renderer chunk alone took longer
// than 1 s, and colouring a diff longer than 10 s.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
});
