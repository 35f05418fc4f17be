/**
 * The documentation's promises, checked: every file the README's rule table, a decision record's Code field or the
 * records' index names exists; every relative link in the docs resolves; records stay short and well-formed; the
 * README stays a one-screen map; nothing points outside the repository. A move or a rename that forgets the docs
 * fails here, naming each stale path (docs/adr/0001-decision-records.md).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADR_DIR = join(ROOT, 'docs', 'adr');
const ADR_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const lineCount = (text: string): number => text.replace(/\n$/, '').split('\n').length;
const exists = (path: string): boolean => existsSync(join(ROOT, path));

/** The backticked repository paths of a piece of markdown (`src/a.ts`, `docs/x.md`), not code like `npm test`. */
function backtickedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1] ?? '')
    .filter(
      (token) => /^[\w.-]+(\/[\w.@-]+)*\/?$/.test(token) && (token.includes('/') || /\.\w+$/.test(token)),
    );
}

/** The cells of a markdown table's body rows, under the heading that contains `heading` (a whole file without one). */
function tableRows(text: string, heading?: string): string[][] {
  let section = text;
  if (heading !== undefined) {
    const start = text.split('\n').findIndex((line) => line.startsWith('#') && line.includes(heading));
    if (start === -1) return [];
    const lines = text.split('\n').slice(start + 1);
    const end = lines.findIndex((line) => /^#{1,2} /.test(line));
    section = (end === -1 ? lines : lines.slice(0, end)).join('\n');
  }
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its separator
    .map((line) =>
      line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const adrFiles = readdirSync(ADR_DIR)
  .filter((name) => ADR_FILE.test(name))
  .sort();

/** Markdown files whose relative links must resolve. */
function markdownFiles(): string[] {
  const found = ['README.md', 'tests/paths/README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** The repository's own text files (no dependencies, builds or data). */
function sourceFiles(): string[] {
  const skip = new Set([
    'node_modules',
    '.git',
    'dist',
    'dist-ssr',
    '.tmp',
    '.data',
    'test-results',
    'playwright-report',
    'coverage',
  ]);
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (skip.has(entry.name) || entry.name.startsWith('.data')) continue;
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|mts|mjs|js|json|ya?ml|md|css|html|py|sh)$/.test(entry.name) || entry.name === 'run')
        found.push(path);
    }
  };
  walk('');
  return found.filter((path) => path !== 'package-lock.json' && statSync(join(ROOT, path)).size < 2_000_000);
}

describe('the README is a map whose rule table names real files', () => {
  const readme = read('README.md');

  it('is at most 200 lines', () => {
    expect(lineCount(readme)).toBeLessThanOrEqual(200);
  });

  it('names an existing file in every row of "Where each rule lives"', () => {
    const rows = tableRows(readme, 'Where each rule lives');
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const problems = rows.flatMap(([rule, file]) => {
      const paths = backtickedPaths(file ?? '');
      if (paths.length !== 1) return [`"${rule}": expected one file, found ${JSON.stringify(file)}`];
      return paths.filter((path) => !exists(path)).map((path) => `"${rule}": ${path} does not exist`);
    });
    expect(problems).toEqual([]);
  });
});

describe('decision records', () => {
  // Numbers are unique; a gap is allowed (work done in parallel takes a range of numbers each).
  it('exist, each number once, and docs/decisions.md is gone', () => {
    expect(exists('docs/decisions.md')).toBe(false);
    expect(adrFiles.length).toBeGreaterThan(0);
    const numbers = adrFiles.map((name) => name.slice(0, 4));
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });

  it.each(adrFiles)(
    '%s is at most 80 lines, well-formed, and its Code field names existing files',
    (name) => {
      const text = read(`docs/adr/${name}`);
      const number = name.slice(0, 4);
      const problems: string[] = [];
      if (lineCount(text) > 80) problems.push(`${lineCount(text)} lines, more than 80`);
      if (!text.startsWith(`# ${number}. `)) problems.push(`the title must start with "# ${number}. "`);
      const status = /^Status: (accepted|superseded by (\d{4}))$/m.exec(text);
      if (status === null) problems.push('no "Status: accepted" or "Status: superseded by NNNN" line');
      else if (status[2] !== undefined && !adrFiles.some((file) => file.startsWith(`${status[2]}-`)))
        problems.push(`superseded by ${status[2]}, which does not exist`);
      if (!/^Area: \S/m.test(text)) problems.push('no "Area:" line');
      if (/^History: .*\n[^\n]/m.test(text)) problems.push('the History field is more than one line');
      for (const section of ['Context', 'Decision', 'Consequences', 'Code'])
        if (!new RegExp(`^## ${section}$`, 'm').test(text)) problems.push(`no "## ${section}" section`);
      const code = text.split(/^## Code$/m)[1] ?? '';
      const paths = backtickedPaths(code);
      if (paths.length === 0) problems.push('the Code field names no file');
      for (const path of paths) if (!exists(path)) problems.push(`Code: ${path} does not exist`);
      expect(problems).toEqual([]);
    },
  );

  it('are each listed once in the index, with their status and existing code paths', () => {
    const index = read('docs/adr/README.md');
    const rows = tableRows(index);
    const problems: string[] = [];
    for (const name of adrFiles) {
      const listed = rows.filter(([, title]) => title?.includes(`](${name})`));
      if (listed.length !== 1) {
        problems.push(`${name}: listed ${listed.length} times`);
        continue;
      }
      const [number, , status, , code] = listed[0] ?? [];
      if (number !== name.slice(0, 4)) problems.push(`${name}: numbered ${number} in the index`);
      const own = /^Status: (.+)$/m.exec(read(`docs/adr/${name}`))?.[1] ?? '';
      const shown = (status ?? '').replace(/\[(\d{4})\]\([^)]*\)/, '$1');
      if (shown !== own) problems.push(`${name}: status "${shown}" in the index, "${own}" in the record`);
      for (const path of backtickedPaths(code ?? ''))
        if (!exists(path)) problems.push(`${name}: ${path} does not exist`);
    }
    expect(rows.length).toBe(adrFiles.length);
    expect(problems).toEqual([]);
  });
});

describe('the documentation stands on its own', () => {
  it('has no relative link that leads nowhere', () => {
    const problems = markdownFiles().flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1] ?? '')
        .filter((target) => !/^([a-z]+:|#)/.test(target))
        .map((target) => target.split('#')[0] ?? '')
        .filter((target) => !existsSync(resolve(ROOT, dirname(file), target)))
        .map((target) => `${file}: ${target} does not exist`),
    );
    expect(problems).toEqual([]);
  });

  it("refers to nothing outside the repository (the team's shared folder)", () => {
    const self = relative(ROOT, fileURLToPath(import.meta.url));
    const problems = sourceFiles()
      .filter((file) => file !== self)
      .filter((file) => /(\.\.\/|\b)shared\/(design|spec)\b|\.\.\/shared\//.test(read(file)))
      .map((file) => `${file} refers to the shared folder`);
    expect(problems).toEqual([]);
  });
});
