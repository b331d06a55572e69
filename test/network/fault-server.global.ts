// Vitest globalSetup of the browser projects (vite.config.ts): the fault server runs in Node, the
// Chromium matrix (faults.browser.test.ts) reaches it over HTTP at the base URL provided here.
import type { TestProject } from 'vitest/node';
import { refusedUrl, startFaultServer } from './fault-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:<port>` of the fault server (test/network/fault-server.ts). */
    faultServer: string;
    /** A URL on 127.0.0.1 where nothing listens. */
    refusedUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startFaultServer();
  project.provide('faultServer', server.base);
  project.provide('refusedUrl', await refusedUrl());
  return () => server.close();
}
