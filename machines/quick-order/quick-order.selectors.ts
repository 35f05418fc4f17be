import type { SnapshotFrom } from 'xstate';
import type { quickOrderMachine } from './quick-order.machine.ts';
import {
  canAddLines,
  isBlankText,
  quickOrderTotals,
  resolvedIsCurrent,
  type QuickOrderTotals,
} from './quick-order.rules.ts';
import type { QuickOrderFailure, QuickOrderLine } from './quick-order.types.ts';

export type QuickOrderSnapshot = SnapshotFrom<typeof quickOrderMachine>;

/**
 * Where the panel is:
 * - `empty`: no entry yet (the panel explains how to write one);
 * - `checking`: the text waits to be read, or is being read;
 * - `ready`: every entry is read;
 * - `adding`: the entries go into the bag;
 * - `failed`: reading or adding failed (`failure` says which), with "Try again".
 */
export type QuickOrderPhase = 'empty' | 'checking' | 'ready' | 'adding' | 'failed';

export interface QuickOrderView {
  phase: QuickOrderPhase;
  text: string;
  /** The entries shown: of the current text, or of an older one while the new one is read (`stale`). */
  lines: QuickOrderLine[];
  stale: boolean;
  totals: QuickOrderTotals;
  /** "Add" does something now: adds, or (while the text is read) adds as soon as it is. */
  canAdd: boolean;
  /** The text may be edited (not while adding). */
  editable: boolean;
  failure: QuickOrderFailure | null;
  /** An add failed without an answer: it may have gone through; "Try again" repeats it safely. */
  outcomeUnknown: boolean;
}

export function selectQuickOrderView(snapshot: QuickOrderSnapshot): QuickOrderView {
  const { context } = snapshot;
  const checking = snapshot.matches('debouncing') || snapshot.matches('resolving');
  const failed = snapshot.matches('resolveFailed') || snapshot.matches('addFailed');
  const phase: QuickOrderPhase = snapshot.matches('idle')
    ? 'empty'
    : checking
      ? 'checking'
      : snapshot.matches('adding')
        ? 'adding'
        : failed
          ? 'failed'
          : 'ready';
  const current = resolvedIsCurrent(context);
  const canAdd =
    ((snapshot.matches('ready') || snapshot.matches('addFailed')) && current && canAddLines(context.lines)) ||
    ((checking || snapshot.matches('resolveFailed')) && !isBlankText(context.text));
  return {
    phase,
    text: context.text,
    lines: context.lines,
    stale: context.lines.length > 0 && !current,
    totals: quickOrderTotals(context.lines),
    canAdd,
    editable: !snapshot.matches('adding'),
    failure: failed ? context.failure : null,
    outcomeUnknown: snapshot.matches('addFailed') && context.attempt !== null,
  };
}
