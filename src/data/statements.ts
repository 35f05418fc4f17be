/** Bonus statements of closed months (`GET /users/statements`, one month, its PDF with the bearer token). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';

export type StatementSummary = components['schemas']['StatementSummary'];
export type Statement = components['schemas']['Statement'];
export type StatementLine = components['schemas']['StatementLine'];
type Lang = components['schemas']['Lang'];

export interface StatementFile {
  blob: Blob;
  fileName: string;
}

export const statementKeys = {
  all: () => ['statements'] as const,
  list: () => [...statementKeys.all(), 'list'] as const,
  month: (month: string) => [...statementKeys.all(), 'month', month] as const,
};

export function createStatementsApi(client: ApiClient) {
  return {
    listStatements(signal?: AbortSignal): Promise<StatementSummary[]> {
      return unwrap(client.GET('/users/statements', signal === undefined ? {} : { signal }));
    },
    getStatement(month: string, signal?: AbortSignal): Promise<Statement> {
      return unwrap(
        client.GET('/users/statements/{month}', {
          params: { path: { month } },
          ...(signal === undefined ? {} : { signal }),
        }),
      );
    },
    /** `GET /users/statements/{month}/{lang}`: the PDF (a plain link could not carry the token). */
    async fetchStatementFile(month: string, lang: Lang): Promise<StatementFile> {
      const blob = await unwrap(
        client.GET('/users/statements/{month}/{lang}', {
          params: { path: { month, lang } },
          parseAs: 'blob',
        }),
      );
      return {
        blob: blob instanceof Blob ? blob : new Blob([blob], { type: 'application/pdf' }),
        fileName: `statement-${month}-${lang}.pdf`,
      };
    },
  };
}

export type StatementsApi = ReturnType<typeof createStatementsApi>;

export const statementsApi: StatementsApi = createStatementsApi(api);

export const statementQueries = {
  list: () =>
    queryOptions({
      queryKey: statementKeys.list(),
      queryFn: ({ signal }) => statementsApi.listStatements(signal),
      // A closed month never changes.
      staleTime: Infinity,
    }),
  month: (month: string) =>
    queryOptions({
      queryKey: statementKeys.month(month),
      queryFn: ({ signal }) => statementsApi.getStatement(month, signal),
      staleTime: Infinity,
    }),
};

export function useStatements() {
  return useQuery(statementQueries.list());
}

export function useStatement(month: string | null) {
  return useQuery({ ...statementQueries.month(month ?? ''), enabled: month !== null });
}
