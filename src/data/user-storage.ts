import type { AuthUser } from '../../machines/auth/auth.types.ts';

/** Spec sections 3 and 9: the stored user lives in local storage under this key. */
export const USER_STORAGE_KEY = 'user-storage';

export interface StoredUser {
  user: AuthUser | null;
  isAuthenticated: boolean;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The parsed `user-storage` entry as it is (the auth machine checks it), or `null`. */
export function readStoredUser(): unknown {
  const raw = storage()?.getItem(USER_STORAGE_KEY) ?? null;
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeStoredUser(value: StoredUser): void {
  try {
    storage()?.setItem(USER_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the cached copy; the session itself lives in the cookie.
  }
}
