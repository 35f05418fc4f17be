import { beforeAll, describe, expect, it } from 'vitest';
import { toastContentFor } from '#src/ui/toast.ts';
import { activateLocale } from '#src/i18n/i18n.ts';

const translations = {
  ru: 'Неверный e-mail или пароль',
  en: 'Wrong e-mail or password',
  ro: 'E-mail sau parolă greșită',
  uk: 'Невірний e-mail або пароль',
  it: 'E-mail o password errati',
};

describe('toastContentFor (spec section 8)', () => {
  beforeAll(async () => {
    await activateLocale('en');
  });

  it('shows the translation for the stored language', () => {
    const error = { status: 401, code: 'INVALID_CREDENTIALS', title: 'Unauthorized', translations };
    expect(toastContentFor(error, 'ro').title).toBe(translations.ro);
    expect(toastContentFor(error, 'uk').title).toBe(translations.uk);
  });

  it('looks the language up in lowercase', () => {
    const error = { status: 401, code: 'INVALID_CREDENTIALS', translations };
    expect(toastContentFor(error, 'RU').title).toBe(translations.ru);
  });

  it('falls back to the English translation when the language has none', () => {
    const error = { status: 422, code: 'OUT_OF_STOCK', translations: { en: 'Out of stock', ru: '' } };
    expect(toastContentFor(error, 'ru').title).toBe('Out of stock');
    expect(toastContentFor(error, 'it').title).toBe('Out of stock');
  });

  it('falls back to the title without a usable translation', () => {
    const error = {
      status: 409,
      code: 'VERSION_CONFLICT',
      title: 'Conflict',
      translations: { de: 'Konflikt' },
    };
    expect(toastContentFor(error, 'ru').title).toBe('Conflict');
  });

  it("falls back to 'An error occurred', translated, without translations or title", async () => {
    expect(toastContentFor({ status: 500 }, 'en').title).toBe('An error occurred');
    await activateLocale('ru');
    expect(toastContentFor({ status: 500 }, 'ru').title).toBe('Произошла ошибка');
    await activateLocale('en');
  });

  it('shows the message under the headline when there is one', () => {
    const error = {
      status: 503,
      code: 'INTERNAL',
      title: 'Service unavailable',
      message: 'Try again in a minute',
    };
    expect(toastContentFor(error, 'en')).toEqual({
      title: 'Service unavailable',
      message: 'Try again in a minute',
    });
  });

  it('does not repeat a message equal to the headline', () => {
    const error = { status: 400, title: 'Bad request', message: 'Bad request' };
    expect(toastContentFor(error, 'en')).toEqual({ title: 'Bad request' });
  });

  it('a code alone (no status) is enough for the translation chain', () => {
    expect(toastContentFor({ code: 'CART_EMPTY', translations }, 'it').title).toBe(translations.it);
  });

  it("says 'An unexpected error occurred' for a failure with neither code nor status", async () => {
    expect(toastContentFor(new Error('boom'), 'en')).toEqual({ title: 'An unexpected error occurred' });
    expect(toastContentFor({ message: 'no status' }, 'en')).toEqual({
      title: 'An unexpected error occurred',
    });
    expect(toastContentFor(undefined, 'en')).toEqual({ title: 'An unexpected error occurred' });
    expect(toastContentFor('text', 'en')).toEqual({ title: 'An unexpected error occurred' });
    await activateLocale('uk');
    expect(toastContentFor(null, 'uk').title).toBe('Сталася неочікувана помилка');
    await activateLocale('en');
  });
});
