/**
 * React Query's context object, from its own module (an alias in vite.config.ts), not from the package's index: the
 * entry needs only this, and importing the index would make the whole query library look like up-front code to the
 * build's chunk grouping (scripts/lib/chunk-groups.mjs). The same file the index re-exports: one context object.
 */
declare module '@portal/query-client-context' {
  export { QueryClientContext } from '@tanstack/react-query';
}
