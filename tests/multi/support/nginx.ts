/**
 * A real nginx (Debian's package; `.ci/run` installs it) in front of the multi-process test's servers, configured
 * with the block `docs/scaling.md` documents: the block is read from that file and only the three upstream
 * addresses, the two `listen` ports and the certificate's paths are replaced, so a change to the documented
 * configuration is a change to the tested one. Anything else in the block that the replacements do not find
 * exactly as expected fails the test, rather than testing something else.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SCALING_DOC = join(ROOT, 'docs', 'scaling.md');

/** nginx's binary: NGINX_BIN, else `nginx` on PATH, else Debian's /usr/sbin/nginx; undefined when none. */
export function findNginx(): string | undefined {
  const candidates = [process.env.NGINX_BIN, 'nginx', '/usr/sbin/nginx'].filter(
    (path): path is string => path !== undefined && path !== '',
  );
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}

/** The one ```nginx block of docs/scaling.md. */
export function documentedSiteConfig(): string {
  const doc = readFileSync(SCALING_DOC, 'utf8');
  const blocks = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  if (blocks.length !== 1)
    throw new Error(`docs/scaling.md must hold exactly one nginx block (found ${blocks.length})`);
  return blocks[0] ?? '';
}

export interface RenderOptions {
  upstreams: string[];
  httpPort: number;
  httpsPort: number;
  certFile: string;
  keyFile: string;
}

/** Replaces `pattern` exactly `count` times, or throws naming what the documented block no longer holds. */
function replaceExactly(
  text: string,
  pattern: RegExp,
  count: number,
  replace: (index: number) => string,
): string {
  let index = 0;
  const out = text.replace(pattern, () => replace(index++));
  if (index !== count)
    throw new Error(`docs/scaling.md's nginx block: expected ${count} × ${String(pattern)}, found ${index}`);
  return out;
}

/** The documented site block with this run's addresses, ports and certificate. */
export function renderSiteConfig(site: string, options: RenderOptions): string {
  let out = replaceExactly(site, /127\.0\.0\.1:808[1-3]/g, 3, (i) => options.upstreams[i] ?? '');
  out = replaceExactly(out, /listen 80;/g, 1, () => `listen 127.0.0.1:${options.httpPort};`);
  out = replaceExactly(
    out,
    /listen 443 ssl http2;/g,
    1,
    () => `listen 127.0.0.1:${options.httpsPort} ssl http2;`,
  );
  out = replaceExactly(out, /ssl_certificate\s+\S+;/g, 1, () => `ssl_certificate ${options.certFile};`);
  out = replaceExactly(
    out,
    /ssl_certificate_key\s+\S+;/g,
    1,
    () => `ssl_certificate_key ${options.keyFile};`,
  );
  return out;
}

/** A free TCP port on the loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RunningNginx {
  httpsUrl: string;
  httpUrl: string;
  accessLog: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground with a main configuration of our own around the documented site block: its
 * files (pid, logs, temporary bodies) in `dir`.
 */
export async function startNginx(binary: string, dir: string, options: RenderOptions): Promise<RunningNginx> {
  mkdirSync(dir, { recursive: true });
  // As root, nginx's workers run as `nobody` and write buffered bodies here: a folder under the system's temporary
  // one, which `nobody` can reach even when the checkout lives in root's home (mode 700).
  const temp = mkdtempSync(join(tmpdir(), 'mlm-nginx-'));
  chmodSync(temp, 0o777);
  const site = renderSiteConfig(documentedSiteConfig(), options);
  const accessLog = join(dir, 'access.log');
  const main = `# Written by tests/multi/support/nginx.ts around the site block of docs/scaling.md.
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  log_format portal '$remote_addr "$request" $status $request_id $upstream_addr';
  access_log ${accessLog} portal;
  client_body_temp_path ${join(temp, 'body')};
  proxy_temp_path ${join(temp, 'proxy')};
  fastcgi_temp_path ${join(temp, 'fastcgi')};
  uwsgi_temp_path ${join(temp, 'uwsgi')};
  scgi_temp_path ${join(temp, 'scgi')};
${site}
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, main);
  const check = spawnSync(binary, ['-t', '-p', dir, '-c', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the documented configuration:\n${check.stderr}`);
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    if ((await accepts(options.httpsPort)) && (await accepts(options.httpPort))) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  const errorLog = join(dir, 'error.log');
  return {
    httpsUrl: `https://127.0.0.1:${options.httpsPort}`,
    httpUrl: `http://127.0.0.1:${options.httpPort}`,
    accessLog,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          rmSync(temp, { recursive: true, force: true });
          if (existsSync(errorLog) && /\[(emerg|alert|crit)\]/.test(readFileSync(errorLog, 'utf8')))
            console.error(`[nginx] ${readFileSync(errorLog, 'utf8')}`);
          resolve();
        });
        child.kill('SIGQUIT'); // graceful: finish open requests
      }),
  };
}
