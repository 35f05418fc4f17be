import { describe, expect, it, vi } from 'vitest';
import { ConfigError, DEV_JWT_SECRET, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataDir: '.data',
      databaseUrl: undefined,
      jwtSecret: DEV_JWT_SECRET,
      usingDevJwtSecret: true,
      tokenTtlSeconds: 86400,
      appDist: undefined,
      publicUrl: 'http://127.0.0.1:8080',
      publicUrlFromEnv: false,
      seed: 'demo',
      currency: 'MDL',
      exchangeUser: '1c',
      exchangePassword: '1c-exchange',
      logLevel: 'info',
      trustProxy: false,
    });
    warn.mockRestore();
  });

  it('reads every variable and treats empty ones as unset', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '0',
      DATA_DIR: 'memory://',
      DATABASE_URL: 'postgres://u:p@localhost:5432/portal',
      JWT_SECRET: 's'.repeat(32),
      TOKEN_TTL_SECONDS: '3600',
      APP_DIST: 'dist',
      PUBLIC_URL: 'https://portal.example.md/',
      SEED: 'none',
      CURRENCY: 'EUR',
      EXCHANGE_USER: 'one-c',
      EXCHANGE_PASSWORD: 'secret',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT_MAX: '3',
      SCRYPT_N: '16384',
      QUEUE_AGE_LIMIT_HOURS: '8',
      CURRENCY_UNUSED: '',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      dataDir: 'memory://',
      databaseUrl: 'postgres://u:p@localhost:5432/portal',
      usingDevJwtSecret: false,
      tokenTtlSeconds: 3600,
      appDist: 'dist',
      publicUrl: 'https://portal.example.md',
      publicUrlFromEnv: true,
      seed: 'none',
      currency: 'EUR',
      logLevel: 'warn',
      trustProxy: true,
      loginRateLimit: { max: 3, windowMs: 60_000 },
      scrypt: { N: 16384, r: 8, p: 1 },
      queueAgeLimitHours: 8,
    });
    expect(loadConfig({ JWT_SECRET: 's'.repeat(32), DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: 's'.repeat(32) }).queueAgeLimitHours).toBe(24);
  });

  it('names every bad variable in one error and hides secrets', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        SEED: 'lots',
        JWT_SECRET: 'short',
        LOG_LEVEL: 'loud',
        SCRYPT_N: '3000',
        CURRENCY: 'lei',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT: must be an integer (got "eighty")');
    expect(message).toContain('SEED: must be demo or none');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters (got (hidden))');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain('SCRYPT_N: must be a power of two');
    expect(message).toContain('CURRENCY');
    expect(message).not.toContain('short');
    expect((error as ConfigError).problems).toHaveLength(6);
  });

  it('refuses a port out of range and a PUBLIC_URL that is not http(s)', () => {
    expect(() => loadConfig({ PORT: '70000', JWT_SECRET: 's'.repeat(32) })).toThrow(
      /PORT: must be at most 65535/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x', JWT_SECRET: 's'.repeat(32) })).toThrow(
      /PUBLIC_URL: must be an http\(s\) URL/,
    );
  });
});
