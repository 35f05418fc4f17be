/** Bonus statements of closed months: `listStatements`, `getStatement`, `getStatementFile` (PDF). */
import { file, type Handler } from '../../contract/types.ts';
import { renderStatement } from '../../documents/statements/statement-pdf.ts';
import { listStatements as listRows, loadStatement } from '../../domain/volumes/statements.ts';
import { loadCaller } from './caller.ts';

export const listStatements: Handler<'listStatements'> = async ({ db, user, config }) =>
  listRows(db, user.userId, config.currency);

export const getStatement: Handler<'getStatement'> = async ({ db, user, config, params }) =>
  loadStatement(db, user.userId, params.month, config.currency);

/** The PDF as an attachment named `statement-<month>-<lang>.pdf`. */
export const getStatementFile: Handler<'getStatementFile'> = async ({ db, user, config, params }) => {
  const caller = await loadCaller(db, user.userId);
  const statement = await loadStatement(db, caller.id, params.month, config.currency);
  const pdf = await renderStatement(statement, caller.fullName, params.lang);
  return file(pdf, 'application/pdf', `statement-${params.month}-${params.lang}.pdf`, 'attachment');
};
