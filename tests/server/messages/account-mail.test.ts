// Account mail through a real SMTP server: a reset link arrives in the user's language and resets the password,
// "your password was changed" follows; a confirmation link unblocks ordering. The one-time token lives in the
// message only until it is delivered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, tokenFor, userId, UNCONFIRMED } from '../routes/orders/support.ts';
import { deliveriesOf, linkIn, mailsTo, setLang, startMessagesApp, type MessagesTestApp } from './support.ts';

let app: MessagesTestApp;

beforeAll(async () => {
  app = await startMessagesApp();
});
afterAll(async () => {
  await app.close();
});

describe('password reset by e-mail', () => {
  it('sends the link in the user’s language; the link resets the password; the change is told', async () => {
    const { t, smtp } = app;
    const email = 'partner@demo.test';
    await setLang(t, email, 'ro');
    const asked = await t.post('/users/forgot-password', { json: { email } });
    expect(asked.status).toBe(200);
    // Nothing is sent inside the request: the message waits for the worker.
    expect(mailsTo(smtp, email)).toEqual([]);
    await t.app.messages.deliverDue();

    const [mail] = mailsTo(smtp, email);
    expect(mail?.parsed.subject).toBe('Resetarea parolei');
    expect(mail?.parsed.text).toContain('Alegeți o parolă nouă');
    expect(mail?.parsed.from?.value).toEqual([
      { name: 'Distributor portal', address: 'no-reply@portal.test' },
    ]);
    expect(mail?.parsed.headers.get('list-unsubscribe')).toBeUndefined();
    if (mail === undefined) throw new Error('no reset mail');
    const link = linkIn(mail, '/reset-pass?token=');
    expect(link.origin).toBe(t.config.publicUrl);
    const token = link.searchParams.get('token') ?? '';

    // Delivered: the token is no longer kept beside the message.
    const [delivery] = await deliveriesOf(t, {
      event: 'account.reset_password',
      userId: await userId(t, email),
    });
    expect(delivery).toMatchObject({ state: 'sent', attempts: 1, secret: null });

    const reset = await t.post('/users/forgot-password', {
      json: { token, password: 'n3w-secret-pass', passwordConfirmation: 'n3w-secret-pass' },
    });
    expect(reset.status).toBe(200);
    expect(await t.login(email, 'n3w-secret-pass')).toMatch(/^ey/);

    await t.app.messages.deliverDue();
    const changed = mailsTo(smtp, email).find((m) => m.parsed.subject === 'Parola dvs. a fost schimbată');
    expect(changed?.parsed.text).toContain('Nu am fost eu: resetează parola');
    expect(changed && linkIn(changed, '/reset-pass').pathname).toBe('/reset-pass');
    expect(mailsTo(smtp, email)).toHaveLength(2);
  });

  it('sends nothing for an unknown address, and one mail per request for a known one', async () => {
    const { t, smtp } = app;
    const before = smtp.received.length;
    await t.post('/users/forgot-password', { json: { email: 'nobody@nowhere.test' } });
    await t.post('/users/forgot-password', { json: { email: 'user@demo.test' } });
    await t.post('/users/forgot-password', { json: { email: 'user@demo.test' } });
    await t.app.messages.deliverDue();
    const sent = smtp.received.slice(before);
    expect(sent.map((mail) => mail.to)).toEqual([['user@demo.test'], ['user@demo.test']]);
    // Only the latest link works; both carry their own token.
    const tokens = sent.map((mail) => linkIn(mail, '/reset-pass?token=').searchParams.get('token'));
    expect(new Set(tokens).size).toBe(2);
    const stale = await t.post('/users/forgot-password', {
      json: { token: tokens[0], password: 'another-pass-1', passwordConfirmation: 'another-pass-1' },
    });
    expect(stale.status).toBe(422);
  });
});

describe('e-mail confirmation', () => {
  it('unblocks ordering once the link from the mail is followed', async () => {
    const { t, smtp } = app;
    const token = await tokenFor(t, UNCONFIRMED);
    await setLang(t, UNCONFIRMED, 'uk');
    await expect(placeOrder(t, UNCONFIRMED)).rejects.toThrow(/403.*EMAIL_NOT_CONFIRMED/s);

    const resent = await t.post('/users/confirm-email/resend', { token });
    expect(resent.status).toBe(202);
    await t.app.messages.deliverDue();
    // The newest: the demo account's own confirmation link, written by the seed, may arrive before it.
    const mail = mailsTo(smtp, UNCONFIRMED).at(-1);
    expect(mail?.parsed.subject).toBe('Підтвердьте адресу електронної пошти');
    if (mail === undefined) throw new Error('no confirmation mail');
    const link = linkIn(mail, '/confirm-email?token=');

    const confirmed = await t.post('/users/confirm-email', {
      json: { token: link.searchParams.get('token') },
    });
    expect(confirmed.status).toBe(200);
    const order = await placeOrder(t, UNCONFIRMED);
    expect(order.status).toBe('awaiting_warehouse');
  });
});
