/**
 * The client reports a 401 here; the auth provider registers what to do (send `auth.unauthorized` to the auth
 * actor). It keeps `src/api` free of React and of the auth machine.
 */
export type UnauthorizedHandler = () => void;

let handler: UnauthorizedHandler | null = null;

/** Registers the handler and returns a function that removes it (only if it is still the registered one). */
export function setUnauthorizedHandler(next: UnauthorizedHandler | null): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export function notifyUnauthorized(): void {
  handler?.();
}
