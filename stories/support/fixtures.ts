/**
 * The shared Cogitator recordings (copies in `test/fixtures/`), as text, for stories and browser
 * tests. Vite's `?raw` inlines each file at build time, so nothing is fetched at run time.
 */
import runCommandProgress from '../../test/fixtures/cogitator-run-command-progress.sse?raw';
import toolTimeout from '../../test/fixtures/cogitator-tool-timeout.sse?raw';
import workspaceEdit from '../../test/fixtures/cogitator-workspace-edit.sse?raw';

/** Every shared Cogitator fixture, by short name. */
export const cogitatorFixtures = {
  'workspace-edit': workspaceEdit,
  'run-command-progress': runCommandProgress,
  'tool-timeout': toolTimeout,
} as const;

/** The short name of a shared Cogitator fixture. */
export type CogitatorFixtureName = keyof typeof cogitatorFixtures;

/** The fixture names, in a fixed order (for a select control). */
export const COGITATOR_FIXTURE_NAMES = Object.keys(cogitatorFixtures) as CogitatorFixtureName[];
