import type { SnapshotFrom } from 'xstate';
import type { genealogyMachine } from './genealogy.machine.ts';
import { findRow, flattenTree, type FlatTree } from './genealogy.tree.rules.ts';
import type { GenealogyNode, Reveal, RowKey, TreeRow } from './genealogy.types.ts';

type GenealogySnapshot = SnapshotFrom<typeof genealogyMachine>;

export type GenealogyPhase = 'loading' | 'failed' | 'ready';

export const selectPhase = (snapshot: GenealogySnapshot): GenealogyPhase =>
  snapshot.matches('loadingRoot') ? 'loading' : snapshot.matches('rootFailed') ? 'failed' : 'ready';

export const selectRootError = (snapshot: GenealogySnapshot): string | null => snapshot.context.rootError;

export const selectRoot = (snapshot: GenealogySnapshot): GenealogyNode | null => snapshot.context.root;

/** The visible rows (memoised: the same array while nothing visible changed). */
export const selectTree = (snapshot: GenealogySnapshot): FlatTree => flattenTree(snapshot.context);

export const selectRows = (snapshot: GenealogySnapshot): readonly TreeRow[] => selectTree(snapshot).rows;

/** The row holding the tab stop; the first row when the focused one is gone. */
export const selectFocusedKey = (snapshot: GenealogySnapshot): RowKey | null => {
  const tree = selectTree(snapshot);
  return findRow(tree, snapshot.context.focusedKey)?.key ?? tree.rows[0]?.key ?? null;
};

/** True while any page of children is on its way. */
export const selectIsLoadingChildren = (snapshot: GenealogySnapshot): boolean =>
  snapshot.matches({ ready: { pages: 'loading' } });

/** The last member looked for and where that stands. */
export const selectReveal = (snapshot: GenealogySnapshot): Reveal | null => snapshot.context.reveal;
