/** Writes a day's self-signed certificate for 127.0.0.1 (`cert.pem`, `key.pem`) into `dir` with openssl. */
export function makeSelfSignedCertificate(dir: string): { certFile: string; keyFile: string };
