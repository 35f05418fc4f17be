/**
 * The message-drain benchmark's SMTP server in a thread of its own (scripts/bench/message-drain.ts): a real mail
 * server runs in another process, so it should not wait for the app's event loop to answer each command. The same
 * server as the tests' (tests/support/smtp-server.ts); each accepted mail is reported as its envelope recipients,
 * its Message-ID and when it was accepted, a few hundred at a time.
 */
import { parentPort } from 'node:worker_threads';
import { startSmtpServer } from '../../tests/support/smtp-server.ts';

export interface AcceptedMail {
  to: string[];
  messageId: string | null;
  acceptedAt: number;
}

const smtp = await startSmtpServer({ parse: false });
let pending: AcceptedMail[] = [];
const flush = () => {
  if (pending.length === 0) return;
  parentPort?.postMessage({ accepted: pending });
  pending = [];
};
const timer = setInterval(flush, 50);
smtp.onMessage = (mail) => {
  pending.push({
    to: mail.to,
    messageId: /^Message-ID: (<[^>]*>)/im.exec(mail.raw)?.[1] ?? null,
    acceptedAt: mail.acceptedAt,
  });
  smtp.received.length = 0; // the raw mails are reported, not kept
};
parentPort?.on('message', (message: { close?: boolean }) => {
  if (message.close !== true) return;
  clearInterval(timer);
  flush();
  void smtp.close().then(() => parentPort?.postMessage({ closed: true }));
});
parentPort?.postMessage({ url: smtp.url });
