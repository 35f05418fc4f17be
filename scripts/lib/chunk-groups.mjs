// How the build groups the code into chunks (vite.config.ts, `build.rolldownOptions.output.codeSplitting`). Left to
// itself the bundler makes one chunk per set of screens sharing a module: 40-odd chunks of 0.2-5 kB, and a signed-in
// first screen asked for 30 files before it could render (over HTTP/1.1, six at a time, a round trip each). Three
// named groups instead (docs/adr/0057-chunks-by-role.md):
// - `app`: the entry's static graph (React, the router, Lingui, the shell), which the bundler would otherwise split
//   into the entry and three small chunks it shares with lazy ones; the entry file itself only imports it. Exactly
//   the modules the first paint needs, so the up-front JS is unchanged, in fewer files.
// - `session`: the chunk every signed-in visit loads at boot beside its screen (`loadSessionRuntime` in
//   src/session/auth-context.tsx; the boot script preloads it): what the session module
//   (`src/session/session-runtime.tsx`: auth and language machines, xstate, the query cache, the client) needs beyond
//   the entry, and the application code that at least `SHARED_BY` signed-in screens need beyond the entry (the
//   order rules, formats, empty and failure states, pagers, lists' data), and the signed-in layout's lazy parts
//   (the header's bag link).
// - `login`: the logged-out login screen's own application code (it paints without the session), in one file.
// Left to the bundler's automatic chunking: a screen's own code, and libraries only some screens use (zod's schemas,
// Radix tabs): no screen downloads a large library it does not use.
import { resolve } from 'node:path';
import { readScreenRoutes } from './screen-routes.mjs';

/** Application code goes to the session chunk when at least this many signed-in screens use it. */
export const SHARED_BY = 3;

/** The screen a visit without a token opens (it must not wait for the session chunk). */
const LOGGED_OUT_SCREEN = '/login';

const isLibrary = (id) => /[\\/]node_modules[\\/]/.test(id);

/**
 * The `codeSplitting` option: one group whose `name` function reads the module graph once (at its first call, when
 * the graph is complete) and places each module in `app`, `session` or (null) the automatic chunks.
 * @param {string} root the project root
 */
export function chunkGroups(root) {
  const entryId = resolve(root, 'src/main.tsx');
  const sessionId = resolve(root, 'src/session/session-runtime.tsx');
  const layoutDir = resolve(root, 'src/app/layout');
  const routes = readScreenRoutes(root);
  const loggedOutIds = routes.filter(([pattern]) => pattern === LOGGED_OUT_SCREEN).map(([, id]) => id);
  if (loggedOutIds.length === 0) throw new Error(`chunk-groups: no screen route for ${LOGGED_OUT_SCREEN}`);
  const screenIds = [...new Set(routes.map(([, id]) => id))].filter((id) => !loggedOutIds.includes(id));
  /** @type {{ initial: Set<string>, session: Set<string>, login: Set<string> } | undefined} */
  let placed;

  /** The static import closure of `start`, not entering `stop`. */
  const closure = (ctx, start, stop = new Set()) => {
    const seen = new Set();
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.pop();
      if (seen.has(id) || stop.has(id)) continue;
      seen.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
    }
    return seen;
  };

  const placeModules = (ctx) => {
    const initial = closure(ctx, entryId);
    const loggedOut = new Set(loggedOutIds.flatMap((id) => [...closure(ctx, id, initial)]));
    const outside = new Set([...initial, ...loggedOut]);
    const result = closure(ctx, sessionId, outside);
    const users = new Map();
    for (const screen of screenIds) {
      for (const id of closure(ctx, screen, outside)) {
        if (id !== screen && !isLibrary(id)) users.set(id, (users.get(id) ?? 0) + 1);
      }
    }
    const shared = new Set(
      [...users].filter(([id, count]) => count >= SHARED_BY && !screenIds.includes(id)).map(([id]) => id),
    );
    // A shared module whose imports reach a library the session itself does not load (Radix tabs) stays out: it
    // would bring that library into every signed-in visit. Repeated until no module depends on one left out.
    const available = (id) => initial.has(id) || result.has(id) || shared.has(id);
    for (let changed = true; changed;) {
      changed = false;
      for (const id of shared) {
        const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
        if (imports.every(available)) continue;
        shared.delete(id);
        changed = true;
      }
    }
    for (const id of shared) result.add(id);
    // The signed-in layout's lazy parts (the header's bag link): every signed-in screen shows them, and they read
    // through the session's query cache, so they travel with it instead of a round trip after it has run.
    for (const id of initial) {
      if (!id.startsWith(layoutDir)) continue;
      for (const lazy of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
        const parts = closure(ctx, lazy, new Set([...initial, ...result]));
        if ([...parts].every((part) => !isLibrary(part))) for (const part of parts) result.add(part);
      }
    }
    const login = new Set([...loggedOut].filter((id) => !isLibrary(id) && !result.has(id)));
    return { initial, session: result, login };
  };

  return {
    groups: [
      {
        // The name the bundler's timing report gives this group (`name` is a function).
        debugName: 'app, session and login',
        name(id, ctx) {
          placed ??= placeModules(ctx);
          if (placed.initial.has(id)) return 'app';
          if (placed.session.has(id)) return 'session';
          return placed.login.has(id) ? 'login' : null;
        },
        // Only the modules placed here: their imports stay where they are (the entry's in the entry).
        includeDependenciesRecursively: false,
      },
    ],
  };
}
