// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokenCookie, readTokenCookie, TOKEN_COOKIE, writeTokenCookie } from '#src/api/token.ts';
import { readStoredUser, USER_STORAGE_KEY, writeStoredUser } from '#src/session/user-storage.ts';
import { userFixture } from '../../support/auth.ts';

afterEach(() => {
  clearTokenCookie();
  localStorage.clear();
});

describe('the token cookie (spec section 3)', () => {
  it('stores the bare token under `token` until the token expires, sameSite=lax', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const setter = descriptor?.set;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      setter?.call(document, value);
    });
    const expiresAt = Date.now() + 3_600_000;
    writeTokenCookie('aaa.bbb.ccc', expiresAt);
    expect(writes[0]).toBe(
      `${TOKEN_COOKIE}=aaa.bbb.ccc; expires=${new Date(expiresAt).toUTCString()}; path=/; samesite=lax`,
    );
    expect(readTokenCookie()).toBe('aaa.bbb.ccc');
  });

  it('marks the cookie secure on https', () => {
    const writes: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
    });
    vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
    writeTokenCookie('aaa.bbb.ccc', Date.now() + 60_000);
    expect(writes[0]).toMatch(/; samesite=lax; secure$/);
  });

  it('is gone once cleared, and is not kept when already expired', () => {
    writeTokenCookie('aaa.bbb.ccc', Date.now() + 60_000);
    clearTokenCookie();
    expect(readTokenCookie()).toBeNull();
    writeTokenCookie('aaa.bbb.ccc', Date.now() - 1000);
    expect(readTokenCookie()).toBeNull();
  });

  it('reads the token among other cookies', () => {
    document.cookie = 'other=1; path=/';
    writeTokenCookie('x.y.z', Date.now() + 60_000);
    document.cookie = 'tokenish=2; path=/';
    expect(readTokenCookie()).toBe('x.y.z');
  });
});

describe('reading the token cookie', () => {
  it('reads the cookie store once per task; another tab’s change in the next task, this tab’s at once', async () => {
    writeTokenCookie('first.token.a', Date.now() + 60_000);
    const reads = vi.spyOn(document, 'cookie', 'get');
    expect(readTokenCookie()).toBe('first.token.a');
    expect(readTokenCookie()).toBe('first.token.a');
    expect(reads).toHaveBeenCalledTimes(1);
    // Another tab renews the token (written straight into the store, not through this module).
    reads.mockRestore();
    document.cookie = `${TOKEN_COOKIE}=other.tab.b; path=/`;
    expect(readTokenCookie(), 'later in the same task').toBe('first.token.a');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readTokenCookie(), 'the next task').toBe('other.tab.b');
    writeTokenCookie('this.tab.c', Date.now() + 60_000);
    expect(readTokenCookie(), 'this tab’s write').toBe('this.tab.c');
    clearTokenCookie();
    expect(readTokenCookie(), 'this tab’s sign-out').toBeNull();
  });
});

describe('the stored user (spec section 3)', () => {
  it('is JSON `{ user, isAuthenticated }` under user-storage', () => {
    const user = userFixture();
    writeStoredUser({ user, isAuthenticated: true });
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual({
      user,
      isAuthenticated: true,
    });
    expect(readStoredUser()).toEqual({ user, isAuthenticated: true });
  });

  it('reads as null when missing or not JSON', () => {
    expect(readStoredUser()).toBeNull();
    localStorage.setItem(USER_STORAGE_KEY, '{oops');
    expect(readStoredUser()).toBeNull();
  });
});
