import type { AuthUser } from '../../machines/auth/auth.types.ts';
import { localStore } from '../platform/local-storage.ts';

/** Spec sections 3 and 9: the stored user lives in local storage under this key. */
export const USER_STORAGE_KEY = 'user-storage';

export interface StoredUser {
  user: AuthUser | null;
  isAuthenticated: boolean;
}

/** The parsed `user-storage` entry as it is (the auth machine checks it), or `null`. */
export function readStoredUser(): unknown {
  const raw = localStore()?.getItem(USER_STORAGE_KEY) ?? null;
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeStoredUser(value: StoredUser): void {
  try {
    localStore()?.setItem(USER_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the cached copy; the session itself lives in the cookie.
  }
}
