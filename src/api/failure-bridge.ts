/**
 * A failed write the query cache sees is reported here; the app registers what to do with it (show a toast). It
 * keeps `src/api` free of the toast UI, like `auth-bridge.ts` keeps it free of the auth machine.
 */
export type FailureReporter = (error: unknown) => void;

let reporter: FailureReporter | null = null;

/** Registers the reporter and returns a function that removes it (only if it is still the registered one). */
export function setFailureReporter(next: FailureReporter | null): () => void {
  reporter = next;
  return () => {
    if (reporter === next) reporter = null;
  };
}

export function reportFailure(error: unknown): void {
  reporter?.(error);
}
