// The jsdom setup without the lazy chunks loaded first (test/setup.ts loads them): the `dom-cold` project
// runs the component tests the way a new user's first page meets the kit, every chunk fetched on demand.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
});
