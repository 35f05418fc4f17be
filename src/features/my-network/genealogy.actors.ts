/** The genealogy machine with the app's calls, provided in one place (tests pass fakes of the two calls). */
import { fromPromise } from 'xstate';
import { genealogyMachine } from '#machines/genealogy/genealogy.machine.ts';
import type { ChildrenRequest, GenealogyLine, GenealogyView } from '#machines/genealogy/genealogy.types.ts';
import { type NetworkApi, networkApi } from '../../data/network.ts';

export type LoadChildren = (request: ChildrenRequest, signal: AbortSignal) => Promise<GenealogyView>;
export type LoadLine = (id: number, signal: AbortSignal) => Promise<GenealogyLine>;

export interface GenealogyDeps {
  loadChildren: LoadChildren;
  loadLine: LoadLine;
}

/** The calls through the one openapi-fetch client (`src/data/network.ts`). */
export const apiGenealogyDeps = (
  api: Pick<NetworkApi, 'loadChildren' | 'loadPath'> = networkApi,
): GenealogyDeps => ({
  loadChildren: (request, signal) => api.loadChildren(request, signal),
  loadLine: (id, signal) => api.loadPath(id, signal),
});

export function provideGenealogy(deps: GenealogyDeps) {
  return genealogyMachine.provide({
    actors: {
      loadChildren: fromPromise<GenealogyView, ChildrenRequest>(({ input, signal }) =>
        deps.loadChildren(input, signal),
      ),
      loadLine: fromPromise<GenealogyLine, { id: number }>(({ input, signal }) =>
        deps.loadLine(input.id, signal),
      ),
    },
  });
}
