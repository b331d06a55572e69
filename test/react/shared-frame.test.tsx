// Many stores on the default schedule: one animation frame callback flushes them all, so React renders
// every list that changed in that frame in one commit (a callback per store was a commit per store).
import { act, render } from '@testing-library/react';
import { Profiler } from 'react';
import { createStepStore, type StepStore, useSteps } from 'tool-steps';
import { afterEach, expect, it, vi } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

afterEach(() => {
  vi.unstubAllGlobals();
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

/** Lets queued microtasks run, as a browser does after each animation frame callback. */
const microtasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function Count({ store }: { store: StepStore }) {
  return <output>{useSteps(store).ids.length}</output>;
}

it('100 stores changed in one frame make one React commit', async () => {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  const stores = Array.from({ length: 100 }, () => createStepStore({ now: () => 0 }));
  let commits = 0;
  const { container } = render(
    <Profiler id="lists" onRender={() => commits++}>
      {stores.map((store, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of stores
        <Count key={i} store={store} />
      ))}
    </Profiler>,
  );
  await act(async () => {});
  commits = 0;
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  for (const store of stores) store.apply({ type: 'step-start', id: 'a', toolName: 'grep' });
  // the browser runs each callback of the frame, then the microtasks it queued (React's render)
  for (const callback of frames.splice(0)) {
    callback(16);
    await microtasks();
  }
  await microtasks();
  expect([...container.querySelectorAll('output')].every((out) => out.textContent === '1')).toBe(true);
  expect(commits).toBe(1);
});
