/**
 * The sandbox's checkout page (what maib's `payUrl` shows): self-contained HTML in five languages, no script, one
 * style block allowed by its hash in the page's own Content-Security-Policy, laid out for phones first. An open
 * transaction offers the outcomes a tester needs (pay, the bank declines, 3-D Secure fails, cancel); a finished
 * one says how it ended and links back to the shop.
 */
import { createHash } from 'node:crypto';
import { toDecimal } from '../maib/client.ts';
import type { CheckoutAction, SandboxPayment } from './store.ts';

export const PAGE_LANGS = ['ru', 'ro', 'en', 'uk', 'it'] as const;
export type PageLang = (typeof PAGE_LANGS)[number];

const LANG_NAMES: Record<PageLang, string> = {
  ru: 'Русский',
  ro: 'Română',
  en: 'English',
  uk: 'Українська',
  it: 'Italiano',
};

interface Texts {
  title: string;
  sandbox: string;
  languages: string;
  payment: string;
  amount: string;
  card: string;
  actions: Record<CheckoutAction, string>;
  done: { OK: string; FAILED: string; TIMEOUT: string; other: string };
  back: string;
}

const TEXTS: Record<PageLang, Texts> = {
  ru: {
    title: 'Оплата картой — maib',
    sandbox: 'Песочница maib: настоящая карта не списывается.',
    languages: 'Язык страницы',
    payment: 'Платёж',
    amount: 'Сумма',
    card: 'Тестовая карта',
    actions: {
      pay: 'Оплатить',
      decline: 'Банк отклоняет',
      threeds: '3-D Secure не пройден',
      cancel: 'Отменить и вернуться в магазин',
    },
    done: {
      OK: 'Платёж выполнен.',
      FAILED: 'Платёж отклонён.',
      TIMEOUT: 'Время на оплату истекло.',
      other: 'Платёж обработан.',
    },
    back: 'Вернуться в магазин',
  },
  ro: {
    title: 'Plata cu cardul — maib',
    sandbox: 'Mediul de test maib: niciun card real nu este debitat.',
    languages: 'Limba paginii',
    payment: 'Plata',
    amount: 'Suma',
    card: 'Card de test',
    actions: {
      pay: 'Plătește',
      decline: 'Banca refuză',
      threeds: '3-D Secure eșuează',
      cancel: 'Anulează și revino în magazin',
    },
    done: {
      OK: 'Plata a fost efectuată.',
      FAILED: 'Plata a fost refuzată.',
      TIMEOUT: 'Timpul pentru plată a expirat.',
      other: 'Plata a fost procesată.',
    },
    back: 'Revino în magazin',
  },
  en: {
    title: 'Card payment — maib',
    sandbox: 'maib sandbox: no real card is charged.',
    languages: 'Page language',
    payment: 'Payment',
    amount: 'Amount',
    card: 'Test card',
    actions: {
      pay: 'Pay',
      decline: 'The bank declines',
      threeds: '3-D Secure fails',
      cancel: 'Cancel and return to the shop',
    },
    done: {
      OK: 'The payment went through.',
      FAILED: 'The payment was declined.',
      TIMEOUT: 'The time to pay has run out.',
      other: 'The payment was processed.',
    },
    back: 'Return to the shop',
  },
  uk: {
    title: 'Оплата карткою — maib',
    sandbox: 'Пісочниця maib: справжня картка не списується.',
    languages: 'Мова сторінки',
    payment: 'Платіж',
    amount: 'Сума',
    card: 'Тестова картка',
    actions: {
      pay: 'Сплатити',
      decline: 'Банк відхиляє',
      threeds: '3-D Secure не пройдено',
      cancel: 'Скасувати й повернутися до магазину',
    },
    done: {
      OK: 'Платіж виконано.',
      FAILED: 'Платіж відхилено.',
      TIMEOUT: 'Час на оплату минув.',
      other: 'Платіж оброблено.',
    },
    back: 'Повернутися до магазину',
  },
  it: {
    title: 'Pagamento con carta — maib',
    sandbox: 'Sandbox di maib: nessuna carta reale viene addebitata.',
    languages: 'Lingua della pagina',
    payment: 'Pagamento',
    amount: 'Importo',
    card: 'Carta di prova',
    actions: {
      pay: 'Paga',
      decline: 'La banca rifiuta',
      threeds: '3-D Secure non superato',
      cancel: 'Annulla e torna al negozio',
    },
    done: {
      OK: 'Il pagamento è riuscito.',
      FAILED: 'Il pagamento è stato rifiutato.',
      TIMEOUT: 'Il tempo per pagare è scaduto.',
      other: 'Il pagamento è stato elaborato.',
    },
    back: 'Torna al negozio',
  },
};

const STYLE = [
  'body{font-family:system-ui,sans-serif;background:#eef0f3;color:#1b1b1f;margin:0;padding:1rem}',
  'main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 2px 12px #0002}',
  'nav ul{display:flex;flex-wrap:wrap;gap:.25rem .75rem;list-style:none;margin:0 0 1rem;padding:0;font-size:.9rem}',
  'a{color:#0b4fa8}a[aria-current]{font-weight:700;color:#1b1b1f}',
  'h1{font-size:1.35rem;margin:0 0 .75rem}p{margin:0 0 1rem}.note{color:#4a4a52;font-size:.9rem}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.25rem}dt{color:#4a4a52}',
  'dd{margin:0;font-weight:600;overflow-wrap:anywhere}form{display:flex;flex-direction:column;gap:.5rem}',
  'button{font:inherit;padding:.7rem 1rem;border-radius:8px;border:1px solid #5c5c66;background:#fff;color:#1b1b1f;cursor:pointer}',
  'button[value=pay]{background:#b3002d;border-color:#b3002d;color:#fff;font-weight:700}',
  'a:focus-visible,button:focus-visible{outline:3px solid #0b4fa8;outline-offset:2px}',
].join('');

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page's own policy: its hashed style, posting to itself, and the redirect back to the shop's origins. */
export function checkoutPageCsp(payment: Pick<SandboxPayment, 'ok_url' | 'fail_url'>): string {
  const origins = new Set([new URL(payment.ok_url).origin, new URL(payment.fail_url).origin]);
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self' ${[...origins].join(' ')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The page's language: `?lang=` when it is one of five, else the transaction's (maib's ro/ru/en), else English. */
export function pageLang(query: unknown, payment: Pick<SandboxPayment, 'language'>): PageLang {
  const asked = typeof query === 'string' ? query.toLowerCase() : payment.language;
  return (PAGE_LANGS as readonly string[]).includes(asked ?? '') ? (asked as PageLang) : 'en';
}

function formatMoney(minor: number, currency: string, lang: PageLang): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(toDecimal(minor));
  } catch {
    return `${toDecimal(minor).toFixed(2)} ${currency}`;
  }
}

export interface CheckoutView {
  payment: SandboxPayment;
  /** maib's status now (`TIMEOUT` once the window passed). */
  status: string;
  lang: PageLang;
  /** Where "return to the shop" goes for a finished transaction. */
  backUrl: string;
}

export function renderCheckoutPage(view: CheckoutView): string {
  const { payment, lang, status } = view;
  const t = TEXTS[lang];
  const self = (code: PageLang) => `${encodeURIComponent(payment.pay_id)}?lang=${code}`;
  const languages = PAGE_LANGS.map(
    (code) =>
      `<li><a href="${self(code)}" lang="${code}" hreflang="${code}"${code === lang ? ' aria-current="true"' : ''}>${escapeHtml(LANG_NAMES[code])}</a></li>`,
  ).join('');
  const body =
    status === 'CREATED'
      ? `<form method="post" action="${self(lang)}">
${(['pay', 'decline', 'threeds', 'cancel'] as const)
  .map(
    (action) =>
      `<button type="submit" name="action" value="${action}">${escapeHtml(t.actions[action])}</button>`,
  )
  .join('\n')}
</form>`
      : `<p role="status">${escapeHtml(
          status === 'OK' || status === 'FAILED' || status === 'TIMEOUT' ? t.done[status] : t.done.other,
        )}${payment.status_message === null || status === 'OK' ? '' : ` ${escapeHtml(payment.status_message)}`}</p>
<p><a href="${escapeHtml(view.backUrl)}">${escapeHtml(t.back)}</a></p>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<nav aria-label="${escapeHtml(t.languages)}"><ul>${languages}</ul></nav>
<h1>${escapeHtml(t.title)}</h1>
<p class="note">${escapeHtml(t.sandbox)}</p>
<dl>
<dt>${escapeHtml(t.payment)}</dt><dd>${escapeHtml(payment.description ?? payment.order_id ?? payment.pay_id)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(formatMoney(payment.amount, payment.currency, lang))}</dd>
<dt>${escapeHtml(t.card)}</dt><dd>5102 18•• •••• 1124</dd>
</dl>
${body}
</main>
</body>
</html>
`;
}
