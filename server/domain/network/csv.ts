/**
 * The network export's CSV (contract: `GET /users/my-network-file`): UTF-8 with a byte order mark, semicolon
 * separated (what Excel expects under the Cyrillic and European locales our users have, where the comma is the
 * decimal separator), CRLF line ends, a header row of the record's field names, `qualifications` joined with `,`.
 *
 * Cells are quoted when they hold a separator, a quote or a line break. Free text that a spreadsheet would run as a
 * formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`; a phone that matches the
 * contract's phone pattern (digits, spaces, `()-`, a leading `+`) is written as it is.
 */
import type { NetworkNode } from './nodes.ts';

export const BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_EOL = '\r\n';

export const CSV_COLUMNS = [
  'id',
  'fullName',
  'email',
  'phone',
  'signingDate',
  'rank',
  'prn',
  'pv',
  'gv',
  'cgv',
  'pgv',
  'qualifications',
  'recruits',
  'childrenCount',
  'level',
  'sponsorId',
] as const;

const PHONE = /^\+?[0-9 ()-]{6,24}$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised when it could be a formula, quoted when needed. */
export function csvCell(value: string | number | null, options: { phone?: boolean } = {}): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = value;
  if (FORMULA_START.test(text) && !(options.phone === true && PHONE.test(text))) text = `'${text}`;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvHeader = (): string => CSV_COLUMNS.join(CSV_SEPARATOR) + CSV_EOL;

export function csvRow(node: NetworkNode): string {
  const cells = [
    csvCell(node.id),
    csvCell(node.fullName),
    csvCell(node.email),
    csvCell(node.phone, { phone: true }),
    csvCell(node.signingDate),
    csvCell(node.rank),
    csvCell(node.prn),
    csvCell(node.volumes.pv),
    csvCell(node.volumes.gv),
    csvCell(node.volumes.cgv),
    csvCell(node.volumes.pgv),
    csvCell(node.qualifications.join(',')),
    csvCell(node.recruits),
    csvCell(node.childrenCount),
    csvCell(node.level),
    csvCell(node.sponsorId),
  ];
  return cells.join(CSV_SEPARATOR) + CSV_EOL;
}
