import { useLingui } from '@lingui/react/macro';
import type { ShopCard, ShopGoodDetails } from '../../../data/shop.ts';
import { useLocale } from '../../../i18n/i18n.ts';

/**
 * The shop's (or its product's) title, in the page's language: the browser's tab and history name the page as the
 * app moves between shop pages. The description and preview tags (Open Graph) are the server's alone, in `<head>`,
 * in the same language (server/http/shop-head.ts, server/http/page-language.ts): a messenger runs no script, and a
 * second set in the body could only disagree with them.
 */
export function ShopHead({ card, good = null }: { card: ShopCard; good?: ShopGoodDetails | null }) {
  const { t } = useLingui();
  const locale = useLocale();
  const owner = card.fullName;
  const shop = t`${owner}'s shop`;
  const productName = good === null ? null : good.name[locale];
  return <title>{productName === null ? shop : `${productName} · ${shop}`}</title>;
}
