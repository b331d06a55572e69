// Setup of the React 18 projects (dom-react18, browser-react18).
// 1. Refuse to run a single test if the aliases did not take, so a green React 18 run can never be a
//    React 19 run in disguise.
// 2. Fail the test during which React 18 printed a development warning ("Warning: ..."). React-19-only
//    API often does not throw on 18, it warns and misbehaves: a ref passed as a prop to a function
//    component ("Function components cannot be given refs"), `<Context value>` ("Rendering <Context>
//    directly is not supported"), a ref callback returning a cleanup function, unknown DOM props.
import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { afterEach, beforeEach, expect } from 'vitest';

if (!version.startsWith('18.') || !domVersion.startsWith('18.')) {
  throw new Error(`the React 18 projects run on react ${version} and react-dom ${domVersion}, not 18.x`);
}

const warnings: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  const [first] = args;
  if (typeof first === 'string' && first.startsWith('Warning: ')) {
    let index = 1;
    warnings.push(first.replace(/%s/g, () => String(args[index++])));
  }
  consoleError.apply(console, args);
};

beforeEach(() => {
  warnings.length = 0;
});

afterEach(() => {
  const seen = [...new Set(warnings)];
  warnings.length = 0;
  expect(seen, 'React 18 printed development warnings').toEqual([]);
});
