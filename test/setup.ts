import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…`/`waitFor` wait up to 10 s (Testing Library's default is 1 s): on a busy 2-core machine the
// first lazy renderer chunk alone took longer than 1 s. A passing wait returns as soon as it passes.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
