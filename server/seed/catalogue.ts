/**
 * The demo catalogue: about 150 products built from word tables in five languages (product type × line × shade,
 * note or volume), each phrase translated, never copied from English. Line names are brand names and stay as they
 * are in every language, as brand names do on real packaging.
 */
import type { Category, Localized } from '../db/reference.ts';
import { CARE_INCI, CARE_LINES, CARE_TYPES } from './catalogue-care.ts';
import {
  INGREDIENTS,
  MAKEUP_CLAIMS,
  MAKEUP_INCI,
  MAKEUP_LINES,
  MAKEUP_TYPES,
  MAKEUP_USE,
  SHADES,
  SWATCHES,
  type MakeupType,
} from './catalogue-makeup.ts';
import {
  FAMILY_SENTENCE,
  FRAGRANCES,
  GENDER,
  NOTES,
  NOTES_SENTENCE,
  PERFUME_INCI,
  PERFUME_TYPES,
  PERFUME_USE,
} from './catalogue-perfumery.ts';
import { PIECES, each, fill, join, ml, t, type L } from './catalogue-words.ts';
import type { Prng } from './prng.ts';

export type CatalogueProduct = {
  sku: string;
  category: Category;
  name: Localized;
  description: Localized;
  price: number;
  promoPrice: number | null;
  points: number;
  stock: number;
  content: ProductContent;
};

/**
 * What the product page shows beyond 1C's card (docs/adr/0137-product-pages.md): the family whose variants one
 * picker switches between (a make-up type's shades, a fragrance's formats), this product's variant and swatch,
 * the volume, the ingredients (INCI, one language as on the pack) and how to use it.
 */
export type ProductContent = {
  family: string | null;
  variant: Localized | null;
  swatch: string | null;
  volumeMl: number | null;
  ingredients: string | null;
  howToUse: Localized | null;
};

function makeupName(type: MakeupType, line: string, shade: L): L {
  return {
    ru: `${type.name.ru} ${line} «${shade.ru}»`,
    en: `${line} ${type.name.en}, ${shade.en}`,
    ro: `${type.name.ro} ${line}, ${shade.ro}`,
    uk: `${type.name.uk} ${line} «${shade.uk}»`,
    it: `${type.name.it} ${line}, ${shade.it}`,
  };
}

/* --------------------------------------------------------------- building */

/** a price in minor units ending in 9 whole units: 249.00 */
const price = (prng: Prng, [min, max]: [number, number]): number =>
  (Math.round(prng.int(min, max) / 10) * 10 - 1) * 100;

function pricing(prng: Prng, range: [number, number]): { price: number; points: number; stock: number } {
  const value = price(prng, range);
  const withoutPoints = prng.chance(0.1);
  const points = withoutPoints ? 0 : Math.round((value / 100 / 28) * 2) / 2;
  const stock = prng.chance(0.08)
    ? 0
    : prng.weighted([
        [prng.int(1, 9), 2],
        [prng.int(10, 80), 5],
        [prng.int(81, 250), 3],
      ] as const);
  return { price: value, points: Math.max(points, withoutPoints ? 0 : 0.5), stock };
}

/** Builds the demo catalogue (about 150 products), about 20 of them on promotion. */
export function buildCatalogue(prng: Prng): CatalogueProduct[] {
  const products: CatalogueProduct[] = [];

  MAKEUP_TYPES.forEach((type, typeIndex) => {
    const shades = SHADES[type.shades];
    shades.slice(0, 5).forEach((shade, shadeIndex) => {
      // One line per type: its shades are one family, chosen on the product page.
      const line = MAKEUP_LINES[typeIndex % MAKEUP_LINES.length] ?? 'Vellura';
      const claims = prng
        .sample(MAKEUP_CLAIMS, 2)
        .map((claim) =>
          fill(claim, { i: prng.pick(INGREDIENTS), h: String(prng.pick([8, 10, 12, 16, 24])) }),
        );
      products.push({
        sku: `MK-${String(1001 + products.length)}`,
        category: 'makeup',
        name: makeupName(type, line, shade),
        description: join(type.intro, ...claims),
        promoPrice: null,
        ...pricing(prng, type.price),
        content: {
          family: `MK-${type.code}-${line}`,
          variant: shade,
          swatch: SWATCHES[type.shades][shadeIndex] ?? null,
          volumeMl: null,
          ingredients: MAKEUP_INCI[type.shades],
          howToUse: MAKEUP_USE[type.shades],
        },
      });
    });
  });

  FRAGRANCES.forEach((fragrance) => {
    PERFUME_TYPES.forEach((type) => {
      const [a, b, c, d, e, f] = fragrance.notes.map((index) => NOTES[index] ?? t('', '', '', '', ''));
      const notes = fill(NOTES_SENTENCE, {
        a: a ?? '',
        b: b ?? '',
        c: c ?? '',
        d: d ?? '',
        e: e ?? '',
        f: f ?? '',
      });
      const volume = ml(type.volume);
      const gender = GENDER[fragrance.gender];
      products.push({
        sku: `PF-${String(2001 + products.length)}`,
        category: 'perfumery',
        name: {
          ru: `${type.name.ru} ${fragrance.line} ${gender.ru}, ${volume.ru}`,
          en: `${fragrance.line} ${type.name.en} ${gender.en}, ${volume.en}`,
          ro: `${type.name.ro} ${fragrance.line} ${gender.ro}, ${volume.ro}`,
          uk: `${type.name.uk} ${fragrance.line} ${gender.uk}, ${volume.uk}`,
          it: `${type.name.it} ${fragrance.line} ${gender.it}, ${volume.it}`,
        },
        description: join(type.intro, notes, fill(FAMILY_SENTENCE, { x: fragrance.family })),
        promoPrice: null,
        ...pricing(prng, type.price),
        content: {
          family: `PF-${fragrance.line}-${fragrance.gender}`,
          variant: each((lang) => `${type.name[lang]}, ${volume[lang]}`),
          swatch: null,
          volumeMl: type.volume,
          ingredients: PERFUME_INCI,
          howToUse: PERFUME_USE,
        },
      });
    });
  });

  CARE_TYPES.forEach((type) => {
    CARE_LINES.forEach((line) => {
      const size = type.volume === null ? each((lang) => `5 ${PIECES[lang]}`) : ml(type.volume);
      products.push({
        sku: `FC-${String(3001 + products.length)}`,
        category: 'facial_care',
        name: each((lang) => `${type.name[lang]} ${line.line}, ${size[lang]}`),
        description: join(line.benefit, type.use),
        promoPrice: null,
        ...pricing(prng, type.price),
        // A care line's products are different products, not variants of one.
        content: {
          family: null,
          variant: null,
          swatch: null,
          volumeMl: type.volume,
          ingredients: CARE_INCI,
          howToUse: type.use,
        },
      });
    });
  });

  // About 20 promotions: 15–30 % off, never on an item that is out of stock.
  const candidates = products.filter((product) => product.stock > 0);
  for (const product of prng.sample(candidates, 20)) {
    const off = prng.pick([0.15, 0.2, 0.25, 0.3]);
    product.promoPrice = Math.max(100, Math.round((product.price * (1 - off)) / 1000) * 1000 - 100);
  }
  return products;
}
