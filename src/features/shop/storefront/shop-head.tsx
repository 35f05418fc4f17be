import { useLingui } from '@lingui/react/macro';
import type { ShopCard, ShopGoodDetails } from '../../../data/shop.ts';
import { useLocale } from '../../../i18n/i18n.ts';

/** How much of a description a messenger's preview shows. */
const PREVIEW_CHARS = 200;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= PREVIEW_CHARS ? flat : `${flat.slice(0, PREVIEW_CHARS - 1).trimEnd()}…`;
}

/**
 * The shop's (or its product's) title and preview tags, in the visitor's language. React puts them in the
 * document's head in the browser; in the server's HTML they come first in the page's body, where messengers that
 * read the whole page find them.
 */
export function ShopHead({ card, good = null }: { card: ShopCard; good?: ShopGoodDetails | null }) {
  const { t } = useLingui();
  const locale = useLocale();
  const owner = card.fullName;
  const shop = t`${owner}'s shop`;
  const productName = good === null ? null : good.name[locale];
  const title = productName === null ? shop : `${productName} · ${shop}`;
  const description =
    good === null
      ? t`Makeup, perfumery and facial care at retail prices from ${owner}, your consultant. Order online, pick up or get it delivered.`
      : shorten(good.description[locale]);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content={good === null ? 'website' : 'product'} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {good === null ? null : <meta property="og:image" content={good.imageUrl} />}
    </>
  );
}
