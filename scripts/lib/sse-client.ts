import http from 'node:http';
import https from 'node:https';

/**
 * A small Server-Sent Events reader over `node:http` (or `node:https` for an https URL) for tests and benchmarks (Node has no EventSource): parses
 * frames (`id`, `event`, `data`; comment lines are counted as heartbeats) and lets a caller wait for the next
 * frame that matches.
 */
export interface SseFrame {
  id: string | undefined;
  event: string;
  data: string;
  /** `performance.now()` when the frame was parsed. */
  receivedAt: number;
}

export interface SseConnection {
  status: number;
  frames: SseFrame[];
  comments: number;
  /** Resolves with the first frame (already received or coming) after index `from` that matches. */
  waitFor(match: (frame: SseFrame) => boolean, timeoutMs?: number, from?: number): Promise<SseFrame>;
  /** The id of the last frame that had one. */
  lastId(): string | undefined;
  /** Resolves when the server ends the stream. */
  closed: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const client = url.startsWith('https:') ? https : http;
  const request = client.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  let comments = 0;
  const notify = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  let buffer = '';
  const parse = (block: string): void => {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else continue;
      any = true;
    }
    if (any && data.length > 0)
      frames.push({ id, event, data: data.join('\n'), receivedAt: performance.now() });
  };
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
    notify();
  });
  const closed = new Promise<void>((resolve) => {
    response.once('close', resolve);
    response.once('error', () => resolve());
    request.once('error', () => resolve());
  });
  let ended = false;
  void closed.then(() => {
    ended = true;
    notify();
  });
  return {
    status: response.statusCode ?? 0,
    frames,
    get comments() {
      return comments;
    },
    waitFor(match, timeoutMs = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = frames.slice(from).find(match);
          if (found !== undefined) {
            cleanup();
            resolve(found);
            return true;
          }
          if (ended) {
            cleanup();
            reject(new Error('the stream ended before the awaited frame'));
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching frame within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (): void => void check();
        const cleanup = (): void => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        waiters.add(waiter);
        check();
      });
    },
    lastId() {
      for (let i = frames.length - 1; i >= 0; i -= 1) {
        const id = frames[i]?.id;
        if (id !== undefined) return id;
      }
      return undefined;
    },
    closed,
    close() {
      request.destroy();
    },
  };
}
