// A throwaway self-signed certificate for 127.0.0.1 (openssl), for the server's TLS_CERT and TLS_KEY in a benchmark
// or a test: `bench:web --tls` and tests/server/tls.test.ts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Writes `cert.pem` and `key.pem` (a day's validity) into `dir`.
 * @param {string} dir an existing folder
 * @returns {{ certFile: string, keyFile: string }}
 */
export function makeSelfSignedCertificate(dir) {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0)
    throw new Error(`openssl could not make a certificate: ${made.stderr ?? made.error}`);
  return { certFile, keyFile };
}
