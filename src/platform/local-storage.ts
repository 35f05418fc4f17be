/**
 * The page's local storage, or `undefined` where there is none or it is blocked (a private window, a policy, an
 * iframe without storage access: reading `localStorage` itself throws there). Every reader and writer goes through
 * this, so a blocked storage only loses what it would have kept.
 */
export function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
