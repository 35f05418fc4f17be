/**
 * The app's API client on the server that renders first screens (`server-entry.tsx`): every request it makes is
 * answered by the render it belongs to (an AsyncLocalStorage scope), so concurrent renders never see each other's
 * requests. Node only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setApiTransport } from '../api/client.ts';

type Send = (request: Request) => Promise<Response>;

const scope = new AsyncLocalStorage<Send>();

setApiTransport((request) => {
  const send = scope.getStore();
  if (send === undefined)
    return Promise.reject(new Error('the app client was used on the server outside a render'));
  return send(request);
});

/** Runs `work` with the app client's requests answered by `send`. */
export function withApiTransport<T>(send: Send, work: () => Promise<T>): Promise<T> {
  return scope.run(send, work);
}
