/**
 * The payment provider stand-in's page: self-contained HTML, no script, one style block allowed by its hash in the
 * page's own Content-Security-Policy. A pending attempt shows the amount and a form posting `outcome` (pay, fail,
 * cancel) to the same URL; a finished one shows its result only.
 */
import { createHash } from 'node:crypto';
import type { Lang } from '../../db/reference.ts';
import type { PaymentPageData } from './payment.ts';

type Texts = {
  title: string;
  order: string;
  amount: string;
  pay: string;
  fail: string;
  cancel: string;
  note: string;
  finished: Record<'paid' | 'failed' | 'cancelled', string>;
};

const TEXTS: Record<Lang, Texts> = {
  ru: {
    title: 'Оплата картой',
    order: 'Заказ',
    amount: 'Сумма к оплате',
    pay: 'Оплатить',
    fail: 'Отказ банка',
    cancel: 'Отменить',
    note: 'Тестовая платёжная страница: деньги не списываются.',
    finished: { paid: 'Платёж выполнен.', failed: 'Платёж отклонён.', cancelled: 'Платёж отменён.' },
  },
  en: {
    title: 'Card payment',
    order: 'Order',
    amount: 'Amount due',
    pay: 'Pay',
    fail: 'Bank declines',
    cancel: 'Cancel',
    note: 'Test payment page: no money is taken.',
    finished: {
      paid: 'The payment went through.',
      failed: 'The payment was declined.',
      cancelled: 'The payment was cancelled.',
    },
  },
  ro: {
    title: 'Plata cu cardul',
    order: 'Comanda',
    amount: 'Suma de plată',
    pay: 'Plătește',
    fail: 'Banca refuză',
    cancel: 'Anulează',
    note: 'Pagină de plată de test: nu se retrag bani.',
    finished: {
      paid: 'Plata a fost efectuată.',
      failed: 'Plata a fost refuzată.',
      cancelled: 'Plata a fost anulată.',
    },
  },
  uk: {
    title: 'Оплата карткою',
    order: 'Замовлення',
    amount: 'Сума до сплати',
    pay: 'Сплатити',
    fail: 'Відмова банку',
    cancel: 'Скасувати',
    note: 'Тестова сторінка оплати: гроші не списуються.',
    finished: { paid: 'Платіж виконано.', failed: 'Платіж відхилено.', cancelled: 'Платіж скасовано.' },
  },
  it: {
    title: 'Pagamento con carta',
    order: 'Ordine',
    amount: 'Importo da pagare',
    pay: 'Paga',
    fail: 'La banca rifiuta',
    cancel: 'Annulla',
    note: 'Pagina di pagamento di prova: nessun addebito.',
    finished: {
      paid: 'Il pagamento è riuscito.',
      failed: 'Il pagamento è stato rifiutato.',
      cancelled: 'Il pagamento è stato annullato.',
    },
  },
};

const STYLE = [
  'body{font-family:system-ui,sans-serif;background:#f4f4f6;color:#1d1d24;margin:0;padding:2rem 1rem}',
  'main{max-width:26rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}',
  'h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.5rem}',
  'dt{color:#555}dd{margin:0;font-weight:600}form{display:flex;flex-wrap:wrap;gap:.5rem}',
  'button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:1px solid #888;background:#fff;cursor:pointer}',
  'button[value=paid]{background:#1f6f43;border-color:#1f6f43;color:#fff}button:focus-visible{outline:3px solid #1a4fd6;outline-offset:2px}',
  'p.note{color:#555;font-size:.85rem;margin-top:1.5rem}',
].join('');

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page's own policy: its hashed style, posting back to itself, redirects to the app's origin. */
export function providerPageCsp(publicUrl: string): string {
  const appOrigin = new URL(publicUrl).origin;
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self' ${appOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function formatMoney(amount: number, currency: string, lang: Lang): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

export function renderProviderPage(data: PaymentPageData): string {
  const t = TEXTS[data.lang];
  const action =
    data.state === 'pending'
      ? `<form method="post" action="${escapeHtml(encodeURIComponent(data.id))}">
<button type="submit" name="outcome" value="paid">${escapeHtml(t.pay)}</button>
<button type="submit" name="outcome" value="failed">${escapeHtml(t.fail)}</button>
<button type="submit" name="outcome" value="cancelled">${escapeHtml(t.cancel)}</button>
</form>`
      : `<p role="status">${escapeHtml(t.finished[data.state])}</p>`;
  return `<!doctype html>
<html lang="${data.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(t.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t.title)}</h1>
<dl>
<dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(data.orderNumber)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(formatMoney(data.amount, data.currency, data.lang))}</dd>
</dl>
${action}
<p class="note">${escapeHtml(t.note)}</p>
</main>
</body>
</html>
`;
}
