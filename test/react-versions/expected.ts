import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the React 18 projects in vite.config.ts (`provide`); absent in the React 19 ones. */
    reactMajor: number;
  }
}

/** The React major this project must run on: 18 in dom-react18/browser-react18, 19 everywhere else. */
export const expectedReactMajor = (): number => inject('reactMajor') ?? 19;
