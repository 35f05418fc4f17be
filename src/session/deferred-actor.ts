import { useRef, useSyncExternalStore } from 'react';

/**
 * An app-wide actor whose machine loads after the first render. Until the actor is attached, views read the
 * machine's start state (computed without xstate) and the events they send wait in order; once the actor has
 * reached a state where it takes over (`ready`), the waiting events go to it and views read its snapshots. Views
 * use the same selectors and send the same events either way. No xstate here: this module is in the entry.
 */
export interface ActorLike<TSnapshot, TEvent> {
  getSnapshot(): TSnapshot;
  subscribe(observer: (snapshot: TSnapshot) => void): { unsubscribe(): void };
  send(event: TEvent): void;
}

export class DeferredActor<TSnapshot, TEvent> {
  private snapshot: TSnapshot;
  private actor: ActorLike<TSnapshot, TEvent> | null = null;
  private readonly waiting: TEvent[] = [];
  private readonly listeners = new Set<() => void>();
  private detachActor: (() => void) | null = null;

  /** `onWaiting` is told when an event has to wait for the actor (the app then loads the machine at once). */
  constructor(
    startSnapshot: TSnapshot,
    private readonly onWaiting: () => void = () => undefined,
  ) {
    this.snapshot = startSnapshot;
  }

  readonly getSnapshot = (): TSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly send = (event: TEvent): void => {
    if (this.actor !== null) {
      this.actor.send(event);
      return;
    }
    this.waiting.push(event);
    this.onWaiting();
  };

  /** True once the actor has taken over. */
  get attached(): boolean {
    return this.actor !== null;
  }

  /**
   * Follows `actor` from the first snapshot for which `ready` holds (a start-up step the views should not see, such
   * as a one-tick check, is skipped), then hands it the waiting events.
   */
  attach(actor: ActorLike<TSnapshot, TEvent>, ready: (snapshot: TSnapshot) => boolean): void {
    this.detachActor?.();
    const follow = (next: TSnapshot) => {
      if (this.actor === null) {
        if (!ready(next)) return;
        this.actor = actor;
        this.snapshot = next;
        for (const event of this.waiting.splice(0)) actor.send(event);
        this.snapshot = actor.getSnapshot();
      } else {
        this.snapshot = next;
      }
      for (const listener of this.listeners) listener();
    };
    const subscription = actor.subscribe(follow);
    this.detachActor = () => subscription.unsubscribe();
    follow(actor.getSnapshot());
  }

  /** Stops following the actor (the views keep its last snapshot). */
  detach(): void {
    this.detachActor?.();
    this.detachActor = null;
    this.actor = null;
  }
}

/** A selection of the actor's snapshot that re-renders only when it changes (by `compare`, else `Object.is`). */
export function useDeferredSelector<TSnapshot, TEvent, T>(
  actor: DeferredActor<TSnapshot, TEvent>,
  selector: (snapshot: TSnapshot) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const last = useRef<{ value: T } | null>(null);
  const read = () => {
    const next = selector(actor.getSnapshot());
    if (last.current !== null && compare(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(actor.subscribe, read, read);
}
