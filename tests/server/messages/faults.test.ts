// What goes wrong on the way to a mailbox, against a real SMTP server: a mail server that is down for a while
// (everything arrives once it is back, in order per recipient, nothing twice), a recipient the server refuses
// (failed at once and shown), a server that says "later" (retried, then failed for good), and a process that dies
// between the server's "accepted" and its own "sent" (one repeat, with the same Message-ID).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessage } from '#server/messages/outbox.ts';
import { smtpTransport, type MailTransport } from '#server/messages/mail.ts';
import { MessageWorker } from '#server/messages/worker.ts';
import { PARTNER, PARTNER_WAREHOUSE, tokenFor, userId } from '../routes/orders/support.ts';
import { deliveriesOf, mailsTo, setLang, startMessagesApp, type MessagesTestApp } from './support.ts';

let app: MessagesTestApp;
let run = 0;

beforeAll(async () => {
  app = await startMessagesApp();
  await setLang(app.t, PARTNER, 'en');
  await setLang(app.t, PARTNER_WAREHOUSE, 'en');
});
afterAll(async () => {
  await app.close();
});

/** Writes three statements, months 1–3, for the user: their subjects show the order they arrive in. */
async function threeStatements(uid: number): Promise<string[]> {
  run += 1;
  const months = [1, 2, 3].map((month) => `20${30 + run}-0${month}`);
  for (const month of months)
    await enqueueMessage(app.t.db, {
      event: 'business.statement_ready',
      userId: uid,
      key: `business.statement_ready:${month}:${uid}`,
      data: { month },
    });
  return months;
}

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(25);
  }
};

describe('a mail server that is down for a while', () => {
  it('loses nothing: everything queued arrives once it is back, in order per recipient, once', async () => {
    const { t, smtp } = app;
    const partner = await userId(t, PARTNER);
    const other = await userId(t, PARTNER_WAREHOUSE);
    const before = smtp.received.length;
    await smtp.stop();
    await threeStatements(partner);
    await threeStatements(other);

    await t.app.messages.start();
    // While it is down: the head of each recipient's queue is tried and waits; the rest wait behind it.
    await until(async () => {
      const rows = await deliveriesOf(t, { event: 'business.statement_ready' });
      return rows.filter((row) => row.last_error !== null).length >= 2;
    });
    await sleep(300);
    const waiting = await deliveriesOf(t, { event: 'business.statement_ready' });
    expect(waiting.map((row) => row.state)).toEqual(Array(6).fill('queued'));
    expect(waiting.filter((row) => row.attempts > 0)).toHaveLength(2);
    expect(smtp.received.length).toBe(before);

    await smtp.start();
    await smtp.waitFor(before + 6);
    await until(async () =>
      (await deliveriesOf(t, { event: 'business.statement_ready' })).every((row) => row.state === 'sent'),
    );
    // Only these two recipients' mail: the demo's own queued messages (a confirmation link) go out beside them.
    const arrived = smtp.received
      .slice(before)
      .filter((mail) => [PARTNER, PARTNER_WAREHOUSE].some((address) => mail.to.includes(address)));
    expect(arrived).toHaveLength(6);
    expect(new Set(arrived.map((mail) => mail.parsed.messageId)).size).toBe(6);
    for (const address of [PARTNER, PARTNER_WAREHOUSE]) {
      const subjects = arrived.filter((mail) => mail.to.includes(address)).map((mail) => mail.parsed.subject);
      expect(subjects).toHaveLength(3);
      // January, February, March: in the order they were written.
      expect(subjects.map((subject) => /January|February|March/.exec(subject ?? '')?.[0])).toEqual([
        'January',
        'February',
        'March',
      ]);
    }
    await t.app.messages.stop();
  });
});

describe('a recipient the mail server refuses', () => {
  it('fails at once, is not retried, and shows in Personal data until a later mail arrives', async () => {
    const { smtp } = app;
    // A new app: the first one's worker was stopped above.
    const second = await startMessagesApp({ smtp });
    try {
      const { t } = second;
      const email = 'user@demo.test';
      const uid = await userId(t, email);
      smtp.refuse.add(email);
      await t.post('/users/forgot-password', { json: { email } });
      await t.app.messages.deliverDue();
      await sleep(200);
      await t.app.messages.deliverDue();
      const [failed] = await deliveriesOf(t, { event: 'account.reset_password', userId: uid });
      expect(failed).toMatchObject({ state: 'failed', attempts: 1, secret: null });
      expect(failed?.last_error).toMatch(/^550 /);
      const token = await tokenFor(t, email);
      const shown = await t.get<{ emailProblem: { reason: string } | null }>('/users/notifications', {
        token,
      });
      expect(shown.body.emailProblem?.reason).toMatch(/mailbox unavailable/);

      smtp.refuse.delete(email);
      await t.post('/users/forgot-password', { json: { email } });
      await t.app.messages.deliverDue();
      expect(mailsTo(smtp, email)).toHaveLength(1);
      const cleared = await t.get<{ emailProblem: unknown }>('/users/notifications', { token });
      expect(cleared.body.emailProblem).toBeNull();
    } finally {
      await second.t.close();
    }
  });
});

describe('a mail server that says "try again later"', () => {
  it('is tried MESSAGE_MAX_ATTEMPTS times with growing waits, then the delivery fails for good', async () => {
    const { smtp } = app;
    // Waits long enough that one pass of a busy machine's worker cannot see the retry due already.
    const third = await startMessagesApp({ smtp, delivery: { retryBaseMs: 600, retryMaxMs: 2400 } });
    try {
      const { t } = third;
      const email = 'warehouse2@demo.test';
      smtp.defer.add(email);
      await t.post('/users/forgot-password', { json: { email } });
      const uid = await userId(t, email);
      const seen: number[] = [];
      await until(async () => {
        await t.app.messages.deliverDue();
        const [row] = await deliveriesOf(t, { event: 'account.reset_password', userId: uid });
        if (row !== undefined && !seen.includes(row.attempts)) seen.push(row.attempts);
        return row?.state === 'failed';
      });
      const [row] = await deliveriesOf(t, { event: 'account.reset_password', userId: uid });
      expect(row).toMatchObject({ state: 'failed', attempts: 3 });
      expect(row?.last_error).toMatch(/^451 /);
      expect(seen).toEqual([1, 2, 3]);
      expect(mailsTo(smtp, email)).toEqual([]);
      smtp.defer.delete(email);
    } finally {
      await third.t.close();
    }
  });
});

describe('a process that dies after the server accepted a mail, before it wrote "sent"', () => {
  it('leaves a lease that runs out: another process sends it again, once, with the same Message-ID', async () => {
    const { smtp } = app;
    const fourth = await startMessagesApp({ smtp });
    const real = smtpTransport(smtp.url, 1);
    // Sends for real, then never comes back: the process froze or died right after the server's 250.
    const dying: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        await real.send(mail);
        return new Promise(() => {});
      },
      close: () => real.close(),
    };
    try {
      const { t } = fourth;
      const email = 'sklad.balti@demo.test';
      const uid = await userId(t, email);
      const doomed = new MessageWorker({
        db: t.db,
        config: t.config,
        mail: dying,
        push: { send: () => Promise.reject(new Error('no push here')) },
        log: { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined },
        owner: 'doomed-process',
        leaseMs: 2500,
      });
      await t.post('/users/forgot-password', { json: { email } });
      void doomed.deliverDue();
      // Its own mail (the demo's queued ones may be sent beside it).
      await until(() => mailsTo(smtp, email).length === 1);
      const [sending] = await deliveriesOf(t, { event: 'account.reset_password', userId: uid });
      expect(sending).toMatchObject({ state: 'sending', attempts: 1 });
      // Before the lease runs out nobody else touches it.
      await t.app.messages.deliverDue();
      expect(mailsTo(smtp, email)).toHaveLength(1);

      await sleep(2600);
      await t.app.messages.deliverDue();
      const copies = mailsTo(smtp, email);
      expect(copies).toHaveLength(2);
      expect(copies[0]?.parsed.messageId).toBe(copies[1]?.parsed.messageId);
      expect(copies[0]?.parsed.text).toBe(copies[1]?.parsed.text);
      const [sent] = await deliveriesOf(t, { event: 'account.reset_password', userId: uid });
      expect(sent).toMatchObject({ state: 'sent', attempts: 2, secret: null });
      await t.app.messages.deliverDue();
      expect(mailsTo(smtp, email)).toHaveLength(2);
    } finally {
      real.close();
      await fourth.t.close();
    }
  });
});
