// `useChunk` (src/internal/chunk.ts) draws a chunk's loaded component directly when it is there as the
// element mounts, and its React.lazy component before (which suspends on its first render, loaded or not).
// Not tested: that the choice is kept for the element's life. Dropping the `useState` that keeps it
// passed both a rerender after a committed fallback and a transition render that waited for the chunk:
// React mounted the suspended caller again in each, so no test here made the lazy element commit first.
import { act, render, screen } from '@testing-library/react';
import { createElement, Suspense } from 'react';
import { expect, it } from 'vitest';
import { chunked, useChunk } from '../../src/internal/chunk';

function View({ label }: { label: string }) {
  return <output>{label}</output>;
}

/** A chunk whose fetch resolves when `release` is called. */
function heldChunk() {
  let release: () => void = () => {};
  const fetched = new Promise<{ default: typeof View }>((resolve) => {
    release = () => resolve({ default: View });
  });
  return { chunk: chunked(() => fetched), release: () => release() };
}

type ViewChunk = ReturnType<typeof heldChunk>['chunk'];

function Host({ chunk, label }: { chunk: ViewChunk; label: string }) {
  return createElement(useChunk(chunk), { label });
}

const drawn = (chunk: ViewChunk, label: string) => (
  <Suspense fallback={<p>Loading</p>}>
    <Host chunk={chunk} label={label} />
  </Suspense>
);

it('draws the loaded component directly when the chunk is there as the element mounts', async () => {
  const { chunk, release } = heldChunk();
  release();
  await chunk.load();
  render(drawn(chunk, 'ready'));
  // in the first commit, with no fallback: React.lazy would suspend on this first render
  expect(screen.queryByText('Loading')).toBeNull();
  expect(screen.getByRole('status').textContent).toBe('ready');
});

it('suspends until the chunk arrives when it is not there yet, then draws it', async () => {
  const { chunk, release } = heldChunk();
  render(drawn(chunk, 'late'));
  expect(screen.getByText('Loading')).toBeTruthy();
  expect(chunk.loaded()).toBeUndefined();
  await act(async () => {
    release();
    await chunk.load();
  });
  expect(chunk.loaded()).toBe(View);
  expect(screen.getByRole('status').textContent).toBe('late');
});
