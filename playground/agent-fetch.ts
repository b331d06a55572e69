/**
 * `fetch` for the agent server's `/api/*`: adds the server's secret, which the page reads from the
 * `<meta name="playground-secret">` the server put in its HTML. The server refuses any call without it,
 * so no other page (which cannot read this one) can start a run.
 */
const secret = document.querySelector<HTMLMetaElement>('meta[name="playground-secret"]')?.content ?? '';

export const agentFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set('x-playground-secret', secret);
  return fetch(input, { ...init, headers });
};
