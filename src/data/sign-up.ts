/** The public calls of signing up under a sponsor (docs/adr/0140-sign-up-under-a-sponsor.md); no token needed. */
import type {
  ConsentDocumentId,
  JoinRequest,
  JoinResult,
  PowChallenge,
  SponsorCard,
} from '../../machines/sign-up/sign-up.types.ts';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, api, type ApiClient, unwrap } from '../api/client.ts';
import { signUpKeys } from './keys.ts';

export function createSignUpApi(client: ApiClient) {
  return {
    /** `GET /public/sponsors/{alias}`: 404 for an unknown or disabled sponsor. */
    sponsorCard(alias: string): Promise<SponsorCard> {
      return unwrap(client.GET('/public/sponsors/{alias}', { params: { path: { alias } } }));
    },
    /** `GET /public/challenge`: a fresh proof-of-work challenge. */
    challenge(): Promise<PowChallenge> {
      return unwrap(client.GET('/public/challenge'));
    },
    /** `POST /public/join`: 201 with the new PRN and a token. */
    join(body: JoinRequest): Promise<JoinResult> {
      return unwrap(client.POST('/public/join', { body }));
    },
  };
}

export type SignUpApi = ReturnType<typeof createSignUpApi>;

export const signUpApi: SignUpApi = createSignUpApi(api);

export const signUpQueries = {
  /**
   * The sponsor's card as the server renders `/join/{alias}` with it (`routeData.join`); the page hands it to the
   * sign-up machine, which then starts at the form. The browser does not read it through the cache otherwise: the
   * machine reads the card itself.
   */
  card: (alias: string) =>
    queryOptions({
      queryKey: signUpKeys.card(alias),
      queryFn: () => signUpApi.sponsorCard(alias),
      staleTime: Infinity,
    }),
};

/**
 * A document a sign-up accepts, as a link anyone can open (`GET /public/documents/{documentId}/{lang}`, no token):
 * the PDF opens in a new tab.
 */
export const publicDocumentUrl = (id: ConsentDocumentId, lang: string): string =>
  `${API_BASE}/public/documents/${encodeURIComponent(id)}/${encodeURIComponent(lang)}`;
