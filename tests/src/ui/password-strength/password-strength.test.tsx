// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordRefusal } from '#server/auth/password-policy.ts';
import { activateLocale, i18n } from '#src/i18n/i18n.ts';
import { loadStrengthChecker } from '#src/ui/password-strength/estimate.ts';
import { PasswordStrength } from '#src/ui/password-strength/password-strength.tsx';

function renderMeter(password: string, userInputs: string[] = []) {
  return render(
    <I18nProvider i18n={i18n}>
      <PasswordStrength id="meter" password={password} userInputs={userInputs} />
    </I18nProvider>,
  );
}

const meterLevel = () => screen.getByRole('img').getAttribute('aria-label');

describe('the password strength meter', () => {
  afterEach(cleanup);

  it('warns of exactly what the server refuses: a common password is weak and says it will be refused', async () => {
    const check = await loadStrengthChecker();
    for (const password of ['password1', 'qwerty123', 'iloveyou']) {
      expect(passwordRefusal(password), password).toBe('too_common');
      const strength = check(password, []);
      expect(strength, password).toMatchObject({ score: 0, warning: 'refused' });
    }
    // Close to a common one, but not on the list: the server takes it, and the meter does not say it would not.
    expect(passwordRefusal('password1!x')).toBeNull();
    expect(check('password1!x', []).warning).not.toBe('refused');
    const passphrase = 'correct horse battery staple';
    expect(passwordRefusal(passphrase)).toBeNull();
    expect(check(passphrase, []).score).toBe(4);
  });

  it('says why in the interface language, and counts what is missing with a plural', async () => {
    await activateLocale('en');
    renderMeter('');
    expect(screen.getByText(/At least 8 characters; 12 or more is better/)).toBeTruthy();
    cleanup();

    renderMeter('abc');
    expect(await screen.findByText('5 more characters needed.', { exact: false })).toBeTruthy();
    cleanup();

    renderMeter('abcdefg');
    expect(await screen.findByText('1 more character needed.', { exact: false })).toBeTruthy();
    cleanup();

    renderMeter('password1');
    await screen.findByText('This is a commonly used password: it will be refused.');
    expect(meterLevel()).toBe('Password strength: Very weak');
    cleanup();

    await activateLocale('ru');
    renderMeter('moya ochen dlinnaya fraza iz slov');
    await screen.findByText('Очень надёжный.', { exact: false });
    expect(meterLevel()).toBe('Надёжность пароля: Очень надёжный');
    expect(screen.queryByText(/Рекомендуется 12/)).toBeNull();
  });

  it('counts the e-mail address as a guessable word', async () => {
    const check = await loadStrengthChecker();
    const email = 'ion.popescu.chisinau@example.md';
    expect(check(email, [email]).score).toBeLessThan(check(email, []).score);
  });
});
