import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Kysely database of this app (PGlite or PostgreSQL). */
    db: Kysely<DB>;
    config: Config;
  }
}

export {};
