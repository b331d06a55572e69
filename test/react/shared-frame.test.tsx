// Many stores on the default schedule: one animation frame callback flushes the stores that fit the frame
// (32 before any frame is timed, test/core/frames.test.ts), so React renders every list it flushed in one
// commit (a callback per store was a commit per store).
import { act, render } from '@testing-library/react';
import { Profiler } from 'react';
import { createStepStore, type StepStore, useSteps } from 'tool-steps';
import { afterEach, expect, it, vi } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

/** Lets queued microtasks run, as a browser does after each animation frame callback. */
const microtasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function Count({ store }: { store: StepStore }) {
  return <output>{useSteps(store).ids.length}</output>;
}

it('100 stores changed at once make one React commit a frame, not one a store', async () => {
  // frames timed by a stopped clock: none is too long, however loaded the machine
  vi.spyOn(performance, 'now').mockReturnValue(0);
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
  let ran = 0;
  for (let callback = frames.shift(); callback; callback = frames.shift()) {
    callback(16 * ++ran);
    await microtasks();
  }
  await microtasks();
  expect([...container.querySelectorAll('output')].every((out) => out.textContent === '1')).toBe(true);
  // 32, then half as many again each frame: 32 + 48 + 20
  expect(ran).toBe(3);
  expect(commits).toBe(ran);
});
