#!/usr/bin/env node
/**
 * `npm run i18n:check`: the translation catalogs are complete.
 *
 * Extracts the messages of `src/` in memory (what `lingui extract` would write) and compares them with
 * `locales/{locale}/messages.po`. Fails when a message is missing from a catalog, has an empty translation,
 * has a translation that loses or invents a `{placeholder}`, does not compile, or, outside English, is the
 * English source text unchanged (except the few words in IDENTICAL_ALLOWED). Stale catalog entries (messages
 * no longer in the source) fail too: run `npm run i18n:extract`.
 * Prints the counts per locale. Then `scripts/i18n-check-server.ts` checks what the server sends for people to read
 * (error texts, warehouse and pickup-point names, opening hours as data, labels of history events).
 */
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Texts that are legitimately the same as English in a given language, each with its reason.
 * Keep it short: a word that only looks international usually is not.
 */
const IDENTICAL_ALLOWED = {
  // Italian writes the loanword "menu" exactly as English does (it is the standard UI term).
  Menu: ['it'],
  // Romanian "client" is the native word, spelled as in English.
  Client: ['ro'],
  // Italian interfaces say "password" (the English loanword is the standard term).
  Password: ['it'],
  // Rank names: Romanian "consultant", "manager", "director" are the native words; Italian uses "manager".
  Consultant: ['ro'],
  Manager: ['ro', 'it'],
  Director: ['ro'],
  // Words Romanian and Italian interfaces use as they are.
  'E-mail': ['ro', 'it'],
  Card: ['ro'],
  Bonus: ['ro', 'it'],
  Checkout: ['it'],
  // A distributor's public short name: the word both languages use for it.
  Alias: ['ro', 'it'],
  Account: ['it'],
  // Italian "volume" is the native word for a pack's capacity.
  Volume: ['it'],
  // Romanian "format" is the native word (a product's size or kind).
  Format: ['ro'],
};

/**
 * A message with no word in it (only placeholders, symbols and the spec's capitalised codes such as PV, PRN) is the
 * same in every language.
 */
const hasNoWords = (text) => !/\p{Ll}/u.test(text.replace(/\{[^}]*\}/g, ''));

const PLACEHOLDER = /\{\s*([A-Za-z0-9_]+)\s*[,}]/g;

/** The names a message uses, each once: plural branches repeat theirs, and languages have more or fewer branches. */
function placeholders(text) {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();
}

function sameList(a, b) {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

const config = getConfig({ cwd: process.cwd() });
const catalogs = await getCatalogs(config);
const sourceLocale = config.sourceLocale;
const problems = [];
const rows = [];

for (const catalog of catalogs) {
  const extracted = (await catalog.collect()) ?? {};
  const sourceIds = Object.keys(extracted);
  const existing = await catalog.readAll();

  for (const locale of config.locales) {
    const entries = existing[locale] ?? {};
    let translated = 0;
    const issues = [];
    const compileInput = {};
    for (const id of sourceIds) {
      const source = extracted[id]?.message ?? id;
      const entry = entries[id];
      if (entry === undefined || entry.obsolete) {
        issues.push(`missing: ${JSON.stringify(source)}`);
        continue;
      }
      const translation = entry.translation ?? '';
      if (translation.trim() === '') {
        issues.push(`empty translation: ${JSON.stringify(source)}`);
        continue;
      }
      if (
        locale !== sourceLocale &&
        translation === source &&
        !hasNoWords(source) &&
        !(IDENTICAL_ALLOWED[source] ?? []).includes(locale)
      ) {
        issues.push(`not translated (same as English): ${JSON.stringify(source)}`);
        continue;
      }
      // A translation holding a catalogue's header (a merge once glued "Project-Id-Version: …" onto one) or a line
      // break its English text does not have is a broken catalogue entry, not a translation.
      if (
        /Project-Id-Version:|POT-Creation-Date:/.test(translation) ||
        (translation.includes('\n') && !source.includes('\n'))
      ) {
        issues.push(`broken entry (header text or a line break): ${JSON.stringify(source)}`);
        continue;
      }
      if (!sameList(placeholders(translation), placeholders(source))) {
        issues.push(`placeholders differ: ${JSON.stringify(source)} -> ${JSON.stringify(translation)}`);
        continue;
      }
      compileInput[id] = translation;
      translated += 1;
    }
    const { errors } = createCompiledCatalog(locale, compileInput, { namespace: 'es' });
    for (const error of errors ?? [])
      issues.push(`does not compile: ${JSON.stringify(error.source ?? error.id)}`);
    const stale = Object.keys(entries).filter((id) => !sourceIds.includes(id) && !entries[id]?.obsolete);
    for (const id of stale)
      issues.push(`stale (not in the source any more): ${JSON.stringify(entries[id]?.message ?? id)}`);

    rows.push({
      catalog: catalog.path.replace(`${config.rootDir}/`, ''),
      locale,
      messages: sourceIds.length,
      translated,
      problems: issues.length,
    });
    for (const issue of issues) problems.push(`${locale}: ${issue}`);
  }
}

console.table(rows);
const serverCheck = spawnSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./i18n-check-server.ts', import.meta.url))],
  { stdio: 'inherit' },
);
if (serverCheck.status !== 0) problems.push('server-sent labels: see above');
if (problems.length > 0) {
  console.error(`\n${problems.length} translation problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error(
    '\nRun `npm run i18n:extract`, then translate every message in locales/{ru,en,ro,uk,it}/messages.po.',
  );
  process.exit(1);
}
console.log('\nEvery message is translated in every locale.');
