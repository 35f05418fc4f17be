import type { components } from '#openapi/schema.d.ts';
import { API_PREFIX, bearer, DEMO_PASSWORD, expect, test } from '../support/fixtures';
import { apiGet } from './business-support';
import { appRuns } from '../shell/prerender-support';

type Address = components['schemas']['Address'];
type NetworkView = components['schemas']['NetworkView'];

test.describe('Personal data (/personal)', () => {
  test('an address is added, made default and deleted', async ({
    page,
    request,
    loginAs,
    apiLogin,
    expectNoAxeViolations,
  }) => {
    // user@demo.test: no other test changes its addresses (checkout uses partner@demo.test's).
    const email = 'user@demo.test';
    const token = await apiLogin(request, email);
    const before = await apiGet<Address[]>(request, token, '/users/addresses');
    const originalDefault = before.find((address) => address.isDefault);
    const street = `str. Testului ${Date.now().toString(36)}`;

    await loginAs(page, email);
    await page.goto('/personal');
    await expect(page.locator('[data-address]')).toHaveCount(before.length);
    await expectNoAxeViolations(page);

    await page.locator('[data-action="add-address"]').click();
    const form = page.locator('form.address-form');
    await expect(form.locator('input').first()).toBeFocused();
    await form.locator('input[name="postIndex"]').fill('md-2005');
    await form.locator('input[name="city"]').fill('Chișinău');
    await form.locator('input[name="street"]').fill(street);
    await form.locator('input[name="house"]').fill('7');
    await expectNoAxeViolations(page);
    await form.locator('button[type="submit"]').click();
    await expect(form).toHaveCount(0);

    const added = page.locator('[data-address]').filter({ hasText: street });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText('MD-2005');
    await expect(added).toHaveAttribute('data-default', 'false');

    // Make it the default: the flag moves to it (and only it).
    await added.locator('[data-action="make-default"]').click();
    await expect(added).toHaveAttribute('data-default', 'true');
    await expect(page.locator('[data-address][data-default="true"]')).toHaveCount(1);
    const afterDefault = await apiGet<Address[]>(request, token, '/users/addresses');
    expect(afterDefault.find((address) => address.street === street)?.isDefault).toBe(true);

    // Delete it: a confirmation first, then it is gone (on the server too).
    await added.locator('[data-action="delete"]').click();
    const confirm = added.getByRole('group');
    await expect(confirm).toBeVisible();
    await expect(confirm.locator('[data-action="confirm-delete"]')).toBeFocused();
    await expectNoAxeViolations(page);
    await confirm.locator('[data-action="confirm-delete"]').click();
    await expect(page.locator('[data-address]').filter({ hasText: street })).toHaveCount(0);
    await expect(page.locator('[data-address]')).toHaveCount(before.length);
    const after = await apiGet<Address[]>(request, token, '/users/addresses');
    expect(after.map((address) => address.id).sort()).toEqual(before.map((address) => address.id).sort());

    // Put the original default back (deleting a default makes the newest remaining one the default).
    if (originalDefault !== undefined) {
      const { id: _id, isDefault: _flag, apartment, ...fields } = originalDefault;
      const response = await request.post(`${API_PREFIX}/users/address`, {
        headers: bearer(token),
        data: {
          id: originalDefault.id,
          ...fields,
          ...(apartment === null ? {} : { apartment }),
          isDefault: true,
        },
      });
      expect(response.ok()).toBe(true);
    }
  });

  test('the profile form refuses a bad phone before sending and saves a good one', async ({
    page,
    loginAs,
    expectNoAxeViolations,
  }) => {
    // Nothing is written: the bad phone never leaves the form and the good one is the stored one.
    await loginAs(page, 'pw@demo.test');
    await page.goto('/personal');
    // The form's own checks, once the app runs it (what is typed before it takes the server's page over is
    // prerender-last-screens.spec.ts's).
    await appRuns(page);
    const phone = page.locator('#profile-phone');
    const original = await phone.inputValue();
    await phone.fill('12');
    await page.locator('#profile-phone').press('Enter');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await phone.fill(original);
    await page.locator('#profile-phone').press('Enter');
    await expect(page.locator('#personal-profile ~ form .personal-status .notice')).toBeVisible();
  });

  test('a password change ends the session of a second browser and keeps this one', async ({
    page,
    browser,
    request,
    loginAs,
    apiLogin,
  }) => {
    // The account: a first-line member of pw@demo.test without a downline, whom no other test signs in as.
    const pwToken = await apiLogin(request, 'pw@demo.test');
    const network = await apiGet<NetworkView>(request, pwToken, '/users/my-network?pageSize=20');
    const member = network.children.items.find((child) => child.childrenCount === 0);
    expect(member, 'pw@demo.test has a first-line member without a downline').toBeDefined();
    const email = member?.email ?? '';
    const newPassword = `Changed${Date.now().toString(36)}9`;

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    try {
      await loginAs(otherPage, email);
      await loginAs(page, email);
      await page.goto('/personal');
      const oldToken = await apiLogin(request, email);

      await page.locator('#password-current').fill(DEMO_PASSWORD);
      await page.locator('#password-new').fill(newPassword);
      await page.locator('#password-confirmation').fill(newPassword);
      await page.locator('#password-confirmation').press('Enter');
      await expect(page.locator('[data-state="password-changed"]')).toBeVisible();

      // Every other session is over: the second browser is sent to /login on its next call...
      await otherPage.goto('/personal');
      await expect(otherPage).toHaveURL(/\/login(\?from=[^#]*)?$/);
      const refused = await request.get(`${API_PREFIX}/users/me`, { headers: bearer(oldToken) });
      expect(refused.status()).toBe(401);

      // ...while this one carries on with the fresh token.
      await page.reload();
      await expect(page).toHaveURL(/\/personal$/);
      await expect(page.locator('#profile-full-name')).toHaveValue(member?.fullName ?? '');
    } finally {
      await other.close();
      // Put the demo password back (also after a failure, so that a retry can sign in).
      const changed = await apiLogin(request, email, newPassword).catch(() => null);
      if (changed !== null) {
        const restored = await request.post(`${API_PREFIX}/users/new-password`, {
          headers: bearer(changed),
          data: {
            currentPassword: newPassword,
            newPassword: DEMO_PASSWORD,
            newPasswordConfirmation: DEMO_PASSWORD,
          },
        });
        expect(restored.ok()).toBe(true);
      }
    }
  });
});
