// `node scripts/with-postgres.mjs CMD [ARGS...]`: runs CMD against a throwaway PostgreSQL server.
//   - binaries from $PG_BIN or the newest /usr/lib/postgresql/<version>/bin (Debian's `postgresql` package);
//   - a cluster in .tmp/pg-<pid> (initdb, trust auth, fsync off), owned by the `postgres` system user when we
//     run as root (PostgreSQL refuses to run as root; the user is created when missing);
//   - listening on 127.0.0.1 on a free port, its unix socket in the same folder;
//   - a database `app`; CMD gets DATABASE_URL=postgres://postgres@127.0.0.1:<port>/app (and PGHOST, PGPORT,
//     PGUSER, PGDATABASE), with node_modules/.bin on its PATH;
//   - the server is stopped and the folder removed afterwards, also when CMD fails or we get a signal.
// Exit code: CMD's. `--check` only reports whether a PostgreSQL server binary is available (exit 0/1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { ROOT } from './lib/server-process.mjs';

/** The bin folder of the newest PostgreSQL server installed, or undefined. */
function findPgBin() {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return existsSync(join(fromEnv, 'pg_ctl')) ? fromEnv : undefined;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')) && existsSync(join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const log = (message) => console.error(`[with-postgres] ${message}`);

function sh(command, args, { asPostgres = false, quiet = true } = {}) {
  const [cmd, argv] =
    asPostgres && isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', stdio: quiet ? 'pipe' : 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr ?? ''}${result.stdout ?? ''}`,
    );
  }
  return result.stdout ?? '';
}

/** As root: make sure the `postgres` system user exists (Debian's package makes it; a bare image may not). */
function ensurePostgresUser() {
  if (spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status === 0) return;
  log('creating the system user `postgres`');
  sh('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
}

/** A folder for the cluster that the server's user may write to: .tmp/pg-<pid>, else the system temp dir. */
function clusterDir() {
  const candidates = [
    join(ROOT, '.tmp', `pg-${process.pid}`),
    join(tmpdir(), `with-postgres-${process.pid}`),
  ];
  for (const dir of candidates) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isRoot) return dir;
    sh('chown', ['postgres:postgres', dir]);
    // Every parent must be searchable by `postgres` (a clone under /root is not).
    if (spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', dir], { stdio: 'ignore' }).status === 0)
      return dir;
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error('no folder found that the postgres user can write to');
}

async function main() {
  const argv = process.argv.slice(2);
  const pgBin = findPgBin();
  if (argv[0] === '--check') {
    if (pgBin) console.log(pgBin);
    else
      console.log('no PostgreSQL server binary under /usr/lib/postgresql/*/bin (apt-get install postgresql)');
    process.exit(pgBin ? 0 : 1);
  }
  if (argv.length === 0) {
    console.error('usage: node scripts/with-postgres.mjs CMD [ARGS...]');
    process.exit(2);
  }
  if (!pgBin) {
    console.error(
      'with-postgres: no PostgreSQL server found under /usr/lib/postgresql/*/bin. ' +
        'Install it (apt-get install -y postgresql) or set PG_BIN.',
    );
    process.exit(1);
  }
  const bin = (name) => join(pgBin, name);
  if (isRoot) ensurePostgresUser();

  const started = Date.now();
  const dir = clusterDir();
  const data = join(dir, 'data');
  const port = await freePort();
  let serverStarted = false;
  let cleaned = false;

  const cleanup = () => {
    if (cleaned) return;
    cleaned = true;
    if (serverStarted) {
      try {
        sh(bin('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop'], { asPostgres: true });
      } catch (error) {
        log(`stopping the server failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  let child;
  const onSignal = (signal) => {
    if (child && child.exitCode === null) child.kill(signal);
    else {
      cleanup();
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, onSignal);

  try {
    sh(
      bin('initdb'),
      [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
        '--no-instructions',
      ],
      { asPostgres: true },
    );
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    try {
      sh(
        bin('pg_ctl'),
        ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'],
        {
          asPostgres: true,
        },
      );
    } catch (error) {
      const serverLog = existsSync(join(dir, 'server.log'))
        ? readFileSync(join(dir, 'server.log'), 'utf8')
        : '';
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${serverLog}`);
    }
    serverStarted = true;
    sh(bin('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'app']);
    const url = `postgres://postgres@127.0.0.1:${port}/app`;
    const version = sh(bin('postgres'), ['--version']).trim();
    log(`${version} at ${url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);

    const env = {
      ...process.env,
      DATABASE_URL: url,
      PGHOST: '127.0.0.1',
      PGPORT: String(port),
      PGUSER: 'postgres',
      PGDATABASE: 'app',
      PATH: [join(ROOT, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter),
    };
    const [command, ...args] = argv;
    const code = await new Promise((resolve) => {
      child = spawn(command, args, { stdio: 'inherit', env });
      child.on('error', (error) => {
        log(`cannot run ${command}: ${error.message}`);
        resolve(127);
      });
      child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 + 15 : 1)));
    });
    return code;
  } finally {
    cleanup();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`with-postgres: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
