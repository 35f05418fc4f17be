/**
 * The client reports a 401 here, with the bearer token the refused call carried (`null`: none); the auth provider
 * registers what to do (send `auth.unauthorized` to the auth actor, which ignores a token a renewal has replaced).
 * It keeps `src/api` free of React and of the auth machine.
 */
export type UnauthorizedHandler = (token: string | null) => void;

let handler: UnauthorizedHandler | null = null;

/** Registers the handler and returns a function that removes it (only if it is still the registered one). */
export function setUnauthorizedHandler(next: UnauthorizedHandler | null): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export function notifyUnauthorized(token: string | null): void {
  handler?.(token);
}
