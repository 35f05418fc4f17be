/**
 * What every event's template gets and gives (docs/adr/0101-email-templates.md). A template is a function of the
 * recipient, the message and the facts read at delivery; it answers the subject, the e-mail's content (a React
 * Email element inside the common frame), the push notification and the screen both lead to.
 */
import type { I18n } from '@lingui/core';
import type { ReactElement } from 'react';
import type { Lang } from '../../db/reference.ts';
import type { OrderFacts, Recipient } from '../facts.ts';

/** The portal's time zone: dates in messages read as the warehouse and the distributor live them. */
export const MESSAGE_TIME_ZONE = 'Europe/Chisinau';

export interface TemplateInput {
  i18n: I18n;
  lang: Lang;
  recipient: Recipient;
  /** The message's `data` (what the database would not hold later). */
  data: Record<string, unknown>;
  /** The message's `secret` (a one-time link's token) while it is undelivered; null once cleared. */
  secret: string | null;
  /** The order of an `order.*` message, as it is now; null for other messages or when the order is gone. */
  order: OrderFacts | null;
  /** When the message was written. */
  createdAt: Date;
  /** An absolute link to a screen of the app (`/my-orders/12`). */
  link: (path: string) => string;
  format: Formatters;
}

export interface Composed {
  subject: string;
  /** The line after the subject in an inbox (and the push notification's body). */
  summary: string;
  heading: string;
  /** The content of the e-mail, inside the common frame. */
  content: ReactElement;
  /** The screen the button and the push notification open (an app path). */
  path: string;
  /** The handover code to draw as an inline QR image. */
  qrCode?: string;
}

export type Template = (input: TemplateInput) => Composed;

export interface Formatters {
  money: (minor: number, currency: string) => string;
  points: (value: number) => string;
  dateTime: (value: Date) => string;
  /** `'2025-03'` as "March 2025". */
  month: (value: string) => string;
}

const formatters = new Map<Lang, Formatters>();

/** The formatters of `lang` (built once per language: an `Intl` formatter costs far more to make than to use). */
export function formattersFor(lang: Lang): Formatters {
  let made = formatters.get(lang);
  if (made === undefined) {
    made = makeFormatters(lang);
    formatters.set(lang, made);
  }
  return made;
}

function makeFormatters(lang: Lang): Formatters {
  const money = new Map<string, Intl.NumberFormat | null>();
  const dateTime = new Intl.DateTimeFormat(lang, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: MESSAGE_TIME_ZONE,
  });
  const month = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const points = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  return {
    money: (minor, currency) => {
      let format = money.get(currency);
      if (format === undefined) {
        try {
          format = new Intl.NumberFormat(lang, { style: 'currency', currency });
        } catch {
          format = null; // not a currency code Intl knows
        }
        money.set(currency, format);
      }
      return format === null ? `${(minor / 100).toFixed(2)} ${currency}` : format.format(minor / 100);
    },
    points: (value) => points.format(value),
    dateTime: (value) => dateTime.format(value),
    month: (value) => {
      const match = /^(\d{4})-(\d{2})/.exec(value);
      if (match === null) return value;
      return month.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
    },
  };
}

/** A string field of `data`, or `fallback`. */
export function dataText(data: Record<string, unknown>, key: string, fallback = ''): string {
  const value = data[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

/** A number field of `data`, or `fallback`. */
export function dataNumber(data: Record<string, unknown>, key: string, fallback = 0): number {
  const value = data[key];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : fallback;
}
