// `npm run api:check` (first half; the second is `npm run api:lint`): generates the types from the contract in
// memory exactly as `npm run api:gen` does (the openapi-typescript CLI with no flags: the same Redocly config,
// and when redocly.yaml lists `apis` with `x-openapi-ts.output`, those inputs and outputs instead of the CLI's
// arguments) and fails when an output (openapi/schema.d.ts) is missing or differs. Writes nothing.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/server-process.mjs';

const SPEC = 'openapi/api-v3.yaml';
const SCHEMA = 'openapi/schema.d.ts';

// The same openapi-typescript and the same @redocly/openapi-core copy its CLI uses.
const require = createRequire(join(ROOT, 'package.json'));
const openapiTsDir = join(require.resolve('openapi-typescript/package.json'), '..');
const {
  default: openapiTS,
  astToString,
  COMMENT_HEADER,
} = await import(pathToFileURL(join(openapiTsDir, 'dist', 'index.mjs')).href);
const redoclyCore = await import(
  pathToFileURL(createRequire(join(openapiTsDir, 'package.json')).resolve('@redocly/openapi-core')).href
);

/** [{ name, input: URL, output: absolute path }] as the CLI would generate them. */
async function targets() {
  const configPath = redoclyCore.findConfig(ROOT);
  const redocly = configPath
    ? await redoclyCore.loadConfig({ configPath })
    : await redoclyCore.createConfig({}, { extends: ['minimal'] });
  const apis = Object.entries(redocly?.apis ?? {});
  if (apis.length === 0) {
    return {
      redocly,
      list: [{ name: SPEC, input: pathToFileURL(join(ROOT, SPEC)), output: join(ROOT, SCHEMA) }],
    };
  }
  const configDir = join(configPath, '..');
  const list = apis.map(([name, api]) => {
    const output = api['x-openapi-ts']?.output;
    if (!output) throw new Error(`redocly.yaml: API ${name} has no x-openapi-ts.output`);
    return { name, input: pathToFileURL(join(configDir, api.root)), output: join(configDir, output) };
  });
  return { redocly, list };
}

async function main() {
  process.chdir(ROOT);
  const { redocly, list } = await targets();
  let stale = 0;
  for (const { name, input, output } of list) {
    const shown = relative(ROOT, output);
    if (!existsSync(input)) {
      console.error(`api:check: ${relative(ROOT, input.pathname)} (API ${name}) is missing`);
      stale += 1;
      continue;
    }
    let expected;
    try {
      expected = `${COMMENT_HEADER}${astToString(await openapiTS(input, { redocly, silent: true }))}`;
    } catch (error) {
      console.error(
        `api:check: openapi-typescript cannot generate ${shown}: ${error instanceof Error ? error.message : error}`,
      );
      stale += 1;
      continue;
    }
    if (!existsSync(output)) {
      console.error(`api:check: ${shown} is missing. Run \`npm run api:gen\` and commit it.`);
      stale += 1;
      continue;
    }
    const actual = readFileSync(output, 'utf8');
    if (actual !== expected) {
      const a = actual.split('\n');
      const e = expected.split('\n');
      let line = 0;
      while (line < Math.max(a.length, e.length) && a[line] === e[line]) line += 1;
      console.error(
        `api:check: ${shown} is stale: it differs from what ${relative(ROOT, input.pathname)} generates ` +
          `(first at line ${line + 1}).\n` +
          `  committed: ${JSON.stringify(a[line] ?? '<end of file>')}\n` +
          `  generated: ${JSON.stringify(e[line] ?? '<end of file>')}\n` +
          'Run `npm run api:gen` and commit the result (never edit it by hand).',
      );
      stale += 1;
      continue;
    }
    console.log(`api:check: ${shown} is up to date with ${relative(ROOT, input.pathname)}`);
  }
  return stale === 0 ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`api:check: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
