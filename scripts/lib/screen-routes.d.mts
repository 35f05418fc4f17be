/** `PATHS.name` → URL pattern, read from `src/ui/paths.ts`. */
export function readPaths(root: string): Map<string, string>;
/** Each screen route of `src/app/router.tsx` as `[URL pattern, absolute module path]` (the catch-all left out). */
export function readScreenRoutes(root: string): Array<[string, string]>;
/** `/my-orders/:orderId` → the source of a regular expression that matches such a pathname. */
export function patternSource(pattern: string): string;
