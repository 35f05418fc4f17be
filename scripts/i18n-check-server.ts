/**
 * The server-sent half of `npm run i18n:check` (docs/adr/0046-server-sends-codes.md), run by
 * `scripts/i18n-check.mjs`: what the server sends for people to read must be translatable by the SPA or
 * translated already.
 * - every error code's title and message exist in all five languages, and differ from English outside English;
 * - every demo warehouse and pickup point has a name in all five languages;
 * - every stored opening-hours text reads as data (`openingHours`), so the SPA writes it with local day names;
 * - every history event the server writes has a label in the SPA (`HISTORY_EVENT_LABELS`).
 * Prints one line per check; exits 1 with the list of problems.
 */
import { readFileSync } from 'node:fs';
import { parseOpeningHours } from '../server/domain/account/opening-hours.ts';
import {
  CREATE_EVENT,
  COMMENT_EVENT,
  EXTRA_PAYMENT_EVENT,
  EXTRA_PAYMENT_REFUNDED_EVENT,
  HISTORY_EVENT,
  PAYMENT_CANCELLED_EVENT,
  SUBMIT_EVENT,
} from '../server/domain/orders/history-events.ts';
import { RETURN_CREDITED_EVENT, RETURN_EVENTS } from '../server/domain/returns/record.ts';
import { ERROR_MESSAGES, LANGUAGES } from '../server/http/error-messages.ts';
import { WAREHOUSES } from '../server/seed/demo.ts';

const problems: string[] = [];
const counts: Record<string, number> = {};

function count(check: string): void {
  counts[check] = (counts[check] ?? 0) + 1;
}

function checkTranslations(what: string, texts: Partial<Record<string, string>>, mustDiffer: boolean): void {
  count(what.split(' ')[0] ?? what);
  for (const lang of LANGUAGES) {
    const text = texts[lang];
    if (text === undefined || text.trim() === '') problems.push(`${what}: no ${lang} text`);
    else if (mustDiffer && lang !== 'en' && text === texts.en)
      problems.push(`${what}: ${lang} is the English text`);
  }
}

for (const [code, text] of Object.entries(ERROR_MESSAGES)) {
  checkTranslations(`error ${code} title`, text.title, true);
  checkTranslations(`error ${code} message`, text.message, true);
}

for (const warehouse of WAREHOUSES) {
  checkTranslations(`warehouse ${warehouse.code} name`, warehouse.name, false);
  for (const point of warehouse.points) {
    checkTranslations(`pickup-point of ${warehouse.code} name`, point.name, false);
    count('opening-hours');
    if (parseOpeningHours(point.hours) === null)
      problems.push(
        `opening hours of a pickup point of ${warehouse.code} do not read as data: ${point.hours}`,
      );
  }
}

const messages = readFileSync(
  new URL('../src/features/orders/view/order-messages.ts', import.meta.url),
  'utf8',
);
const labelBlock = /HISTORY_EVENT_LABELS[^=]*=\s*\{([\s\S]*?)\n\};/.exec(messages)?.[1] ?? '';
const labelled = new Set([...labelBlock.matchAll(/^\s*([A-Z0-9_]+):/gm)].map((match) => match[1]));
for (const event of [
  ...Object.values(HISTORY_EVENT),
  CREATE_EVENT,
  SUBMIT_EVENT,
  COMMENT_EVENT,
  PAYMENT_CANCELLED_EVENT,
  EXTRA_PAYMENT_EVENT,
  EXTRA_PAYMENT_REFUNDED_EVENT,
  ...Object.values(RETURN_EVENTS),
  RETURN_CREDITED_EVENT,
]) {
  count('history-event');
  if (!labelled.has(event)) problems.push(`history event ${event} has no label in HISTORY_EVENT_LABELS`);
}

console.log(
  `Server-sent labels: ${Object.entries(counts)
    .map(([check, n]) => `${n} ${check}`)
    .join(', ')} checked.`,
);
if (problems.length > 0) {
  console.error(`\n${problems.length} server-sent label problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
