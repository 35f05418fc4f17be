/**
 * The SMTP client's own thread (docs/adr/0144-compiled-mail.md): nodemailer's pool, its MIME composer and its
 * SMTP conversations run here, beside the process's main thread, which only claims, reads and records. Composing
 * a message (encoding its parts, streaming them through the SMTP data encoder) cost the main thread more than
 * everything else a delivery does; here it uses a core of its own, with the very same library and bytes.
 *
 * Speaks with `threadedSmtpTransport` (mail.ts): `{ id, op, mail }` in, `{ id, ok, response | kind, message }` out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { classifySmtpError, DeliveryError, smtpTransport, type OutgoingMail } from './mail.ts';

export interface SmtpRequest {
  id: number;
  op: 'send' | 'verify';
  mail?: OutgoingMail;
}

export type SmtpReply =
  | { id: number; ok: true; response: string }
  | { id: number; ok: false; kind: DeliveryError['kind']; message: string };

const { url, maxConnections } = workerData as { url: string; maxConnections: number };
const transport = smtpTransport(url, maxConnections);
const port = parentPort;

/** A mail as it crossed the thread boundary: its images' bytes arrive as Uint8Array. */
function revive(mail: OutgoingMail): OutgoingMail {
  return {
    ...mail,
    images: mail.images.map((image) => ({
      ...image,
      content: Buffer.from(image.content.buffer, image.content.byteOffset, image.content.byteLength),
    })),
  };
}

port?.on('message', (request: SmtpRequest) => {
  const work =
    request.op === 'verify'
      ? (transport.verify?.() ?? Promise.resolve()).then(() => ({ response: '' }))
      : request.mail === undefined
        ? Promise.reject(new DeliveryError('temporary', 'no mail to send'))
        : transport.send(revive(request.mail));
  work.then(
    ({ response }) => port.postMessage({ id: request.id, ok: true, response } satisfies SmtpReply),
    (error: unknown) => {
      const failure = error instanceof DeliveryError ? error : classifySmtpError(error);
      port.postMessage({
        id: request.id,
        ok: false,
        kind: failure.kind,
        message: failure.message,
      } satisfies SmtpReply);
    },
  );
});
