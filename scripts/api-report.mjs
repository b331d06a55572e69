#!/usr/bin/env node
// `npm run api`: the public types of each entry against their reports in etc/ (api-extractor;
// api-extractor.json for `tool-steps` → etc/tool-steps.api.md, api-extractor.core.json for `tool-steps/core` →
// etc/tool-steps-core.api.md, likewise api-extractor.wires.json and api-extractor.presentation.json,
// api-extractor.schema.json for `tool-steps/schema` → etc/tool-steps-schema.api.md,
// api-extractor.renderers.json for `tool-steps/renderers` → etc/tool-steps-renderers.api.md).
// Emits the declarations with tsc (tsconfig.build.json) into .api-types/ (git-ignored), then runs
// api-extractor once per entry. Fails when a report is out of date: the public types changed without
// the report. `npm run api -- --local` rewrites the reports instead (commit them with the change).
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const local = process.argv.includes('--local');
const types = join(root, '.api-types'); // outside node_modules: api-extractor reads files there as other packages

rmSync(types, { recursive: true, force: true }); // never read declarations of deleted files
const tsc = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    'tsconfig.build.json',
    '--outDir',
    types,
    '--declarationMap',
    'false',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (tsc.status !== 0) {
  console.error('api: tsc could not emit the declarations');
  process.exit(1);
}

// The declarations' own package.json, without `exports`: a `'tool-steps/core'` in them then resolves to nothing
// (an external import in the reports), whether or not a built dist/ is there to resolve the package to itself.
writeFileSync(join(types, 'package.json'), `${JSON.stringify({ name: 'tool-steps', type: 'module' })}\n`);

let failed = false;
for (const file of [
  'api-extractor.json',
  'api-extractor.core.json',
  'api-extractor.wires.json',
  'api-extractor.presentation.json',
  'api-extractor.schema.json',
  'api-extractor.renderers.json',
]) {
  const config = ExtractorConfig.loadFileAndPrepare(join(root, file));
  const result = Extractor.invoke(config, { localBuild: local, showVerboseMessages: false });
  const report = config.reportConfigs[0]?.fileName ?? file;
  if (result.succeeded) {
    console.log(`api: etc/${report} ${result.apiReportChanged ? 'rewritten' : 'up to date'}`);
  } else {
    failed = true;
    console.error(
      result.apiReportChanged
        ? `api: the public types differ from etc/${report}. If the change is intended, run \`npm run api -- --local\` and commit the report.`
        : `api: api-extractor failed for ${file} (${result.errorCount} errors)`,
    );
  }
}
process.exit(failed ? 1 : 0);
