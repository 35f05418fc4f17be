/**
 * Public calls without an account: the proof-of-work challenge, a sponsor's card and signing up under a sponsor
 * (docs/adr/0140-sign-up-under-a-sponsor.md). The limits per address, e-mail and sponsor are the router's
 * (server/auth/rate-limit.ts), as for every operation that declares 429.
 */
import type { Handler, Handlers } from '../../contract/types.ts';
import { file, respond } from '../../contract/types.ts';
import { tokenFor } from '../../domain/account/credentials.ts';
import { findDistributor } from '../../domain/sign-up/alias.ts';
import { newChallenge } from '../../domain/sign-up/challenge.ts';
import { join } from '../../domain/sign-up/join.ts';
import {
  CONSENT_EDITIONS,
  isLang,
  renderDocument,
  titles,
  type ConsentDocumentId,
} from '../../documents/index.ts';
import { notFound } from '../../http/errors.ts';

export const getPublicChallenge: Handler<'getPublicChallenge'> = async ({ config }) => {
  const challenge = await newChallenge(config);
  const { parameters, signature } = challenge;
  if (signature === undefined || parameters.expiresAt === undefined)
    throw new Error('a challenge is always signed and expires');
  return respond(
    200,
    {
      parameters: { ...parameters, algorithm: 'PBKDF2/SHA-256', expiresAt: parameters.expiresAt },
      signature,
    },
    { 'cache-control': 'no-store' },
  );
};

export const getSponsorCard: Handler<'getSponsorCard'> = async ({ db, params }) => {
  const sponsor = await findDistributor(db, params.alias);
  if (sponsor === null) throw notFound();
  const warehouses = await db
    .selectFrom('warehouses')
    .select(['id', 'name', 'city'])
    .orderBy('city')
    .orderBy('id')
    .execute();
  return {
    alias: sponsor.alias,
    prn: sponsor.prn,
    fullName: sponsor.fullName,
    city: sponsor.city,
    warehouses,
    documents: (Object.keys(CONSENT_EDITIONS) as ConsentDocumentId[]).map((id) => ({
      id,
      title: titles(id),
      edition: CONSENT_EDITIONS[id],
    })),
  };
};

export const joinUnderSponsor: Handler<'joinUnderSponsor'> = async ({ db, config, body, lang }) => {
  const joined = await join(db, config, body, lang);
  const accessToken = await tokenFor(
    { id: joined.userId, is_warehouse: false, is_partner: true, session_version: joined.sessionVersion },
    config,
  );
  return respond(201, { prn: joined.prn, access_token: accessToken, token_type: 'Bearer' });
};

const isConsentDocument = (id: string): id is ConsentDocumentId => Object.hasOwn(CONSENT_EDITIONS, id);

/**
 * A document the sign-up asks to accept, readable before there is an account (docs/adr/0141-join-page-proof-of-work.md);
 * only those: the others are the distributors' own and stay behind the token.
 */
export const getPublicDocumentFile: Handler<'getPublicDocumentFile'> = async ({ params }) => {
  const { documentId, lang } = params;
  if (!isConsentDocument(documentId) || !isLang(lang)) throw notFound();
  const pdf = await renderDocument(documentId, lang);
  return file(pdf, 'application/pdf', `${documentId}-${lang}.pdf`, 'inline');
};

export const publicHandlers = {
  getPublicChallenge,
  getSponsorCard,
  getPublicDocumentFile,
  joinUnderSponsor,
} satisfies Pick<
  Handlers,
  'getPublicChallenge' | 'getSponsorCard' | 'getPublicDocumentFile' | 'joinUnderSponsor'
>;
