// First setup file of the dom-react18 project (jsdom, in Node). Vite's alias (vite.config.ts) swaps
// `react` and `react-dom` for the React 18 copies in code Vite transforms: the kit and the tests. Node
// loads the dependencies itself (@testing-library/react, lucide-react, and react-dom18, whose own
// `require('react')` would find React 19 in node_modules/react), so the same swap is made here for every
// CommonJS `require` of react, react-dom or a subpath of either: one React 18 instance in the process.
// (Vitest's dependency optimizer cannot do it: it always leaves `react` and the JSX runtimes out.)
import Module from 'node:module';

type Resolve = (request: string, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: Resolve & { react18?: true } };

if (!loader._resolveFilename.react18) {
  const resolve = loader._resolveFilename;
  const react18: Resolve & { react18?: true } = function (this: unknown, request, ...rest) {
    const swapped = request.replace(/^(react|react-dom)(?=\/|$)/, (name) => `${name}18`);
    return resolve.call(this, swapped, ...rest);
  };
  react18.react18 = true;
  loader._resolveFilename = react18;
}
