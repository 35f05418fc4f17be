// The screen routes of the route table, read from its source at build time (scripts/vite/boot-preloads.ts): the boot
// script preloads the opened URL's screen chunk, so the build needs each screen's URL pattern and module.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** `PATHS.name` → URL pattern, read from `src/ui/paths.ts`. */
export function readPaths(root) {
  const source = readFileSync(resolve(root, 'src/ui/paths.ts'), 'utf8');
  return new Map([...source.matchAll(/^\s*(\w+): '([^']+)',/gm)].map(([, name, path]) => [name, path]));
}

/**
 * Each screen route of `src/app/router.tsx` as `[URL pattern, absolute module path]`: the entries written
 * `path: PATHS.name, (loader: …,) ...screen(() => import('…'))` (the table's shape). The catch-all is left out.
 */
export function readScreenRoutes(root) {
  const paths = readPaths(root);
  const source = readFileSync(resolve(root, 'src/app/router.tsx'), 'utf8');
  const found = [];
  for (const [, name, module] of source.matchAll(
    /path:\s*PATHS\.(\w+),[^{}]*?\.\.\.screen\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g,
  )) {
    const pattern = paths.get(name);
    if (pattern === undefined || pattern === '*') continue;
    found.push([pattern, resolve(root, 'src/app', module)]);
  }
  return found;
}

/** `/my-orders/:orderId` → the source of a regular expression that matches such a pathname. */
export function patternSource(pattern) {
  const parts = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^${parts.join('\\/')}\\/?$`;
}
