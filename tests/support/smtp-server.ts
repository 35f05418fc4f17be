/**
 * A real SMTP server for tests and benchmarks (the `smtp-server` package, the one nodemailer's authors test
 * against): it speaks SMTP on 127.0.0.1, asks for a login, keeps every accepted message raw and parsed, refuses
 * the recipients it is told to with a 550, and can be stopped and started again on the same port (the "mail
 * server down for a minute" case).
 */
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  parsed: ParsedMail;
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  /** When the server accepted it (after the data ended). */
  acceptedAt: number;
}

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:<port>` */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Recipients answered `550 5.1.1 mailbox unavailable`. */
  refuse: Set<string>;
  /** Recipients answered `451 4.7.1 try again later` (greylisting). */
  defer: Set<string>;
  /** Called for every accepted message (benchmarks time it). */
  onMessage?: (mail: ReceivedMail) => void;
  /** Stops listening and drops every connection (the server is "down"). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Resolves once `count` messages in all have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export const SMTP_USER = 'portal';
export const SMTP_PASSWORD = 'smtp-test-secret';

export async function startSmtpServer(options: { parse?: boolean } = {}): Promise<TestSmtpServer> {
  const parse = options.parse ?? true;
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const defer = new Set<string>();
  const waiters: Array<() => void> = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const sockets = new Set<Socket>();

  const make = (): SMTPServer =>
    new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      size: 10 * 1024 * 1024,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
          callback(null, { user: auth.username });
        else callback(new Error('535 5.7.8 authentication failed'));
      },
      onRcptTo(address, _session, callback) {
        for (const [set, code, text] of [
          [refuse, 550, 'mailbox unavailable'],
          [defer, 451, 'greylisted, try again later'],
        ] as const) {
          if (set.has(address.address.toLowerCase())) {
            const error = new Error(text) as Error & { responseCode: number };
            error.responseCode = code;
            callback(error);
            return;
          }
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const finish = (parsed: ParsedMail) => {
            const mail = { raw, parsed, to, acceptedAt: Date.now() };
            received.push(mail);
            handle.onMessage?.(mail);
            for (const wake of waiters.splice(0)) wake();
            callback();
          };
          if (parse) simpleParser(raw).then(finish, (error: unknown) => callback(error as Error));
          else finish({} as ParsedMail);
        });
      },
    });

  const listen = (srv: SMTPServer, at: number): Promise<number> =>
    new Promise((resolve, reject) => {
      srv.on('error', () => undefined);
      srv.server.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      srv.server.once('error', reject);
      srv.listen(at, '127.0.0.1', () => resolve((srv.server.address() as AddressInfo).port));
    });

  server = make();
  port = await listen(server, 0);

  const handle: TestSmtpServer = {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    port,
    received,
    refuse,
    defer,
    async stop() {
      const current = server;
      server = null;
      if (current === null) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (server !== null) return;
      server = make();
      await listen(server, port);
    },
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} messages, got ${received.length} in ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve(received.slice());
          } else waiters.push(check);
        };
        check();
      });
    },
    async close() {
      await handle.stop();
    },
  };
  return handle;
}
