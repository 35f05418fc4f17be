/** The demo catalogue's perfumery: fragrances (line, family, notes), product types and sentences, in five languages. */
import { t, type L } from './catalogue-words.ts';

export type Fragrance = {
  line: string;
  gender: 'her' | 'him' | 'unisex';
  family: L;
  notes: [number, number, number, number, number, number];
};

export const GENDER: Record<Fragrance['gender'], L> = {
  her: t('для неё', 'for her', 'pentru ea', 'для неї', 'per lei'),
  him: t('для него', 'for him', 'pentru el', 'для нього', 'per lui'),
  unisex: t('унисекс', 'unisex', 'unisex', 'унісекс', 'unisex'),
};

export const NOTES: L[] = [
  t('бергамот', 'bergamot', 'bergamotă', 'бергамот', 'bergamotto'), // 0
  t('лимон', 'lemon', 'lămâie', 'лимон', 'limone'), // 1
  t('розовый перец', 'pink pepper', 'piper roz', 'рожевий перець', 'pepe rosa'), // 2
  t('мандарин', 'mandarin', 'mandarină', 'мандарин', 'mandarino'), // 3
  t('жасмин', 'jasmine', 'iasomie', 'жасмин', 'gelsomino'), // 4
  t('роза', 'rose', 'trandafir', 'троянда', 'rosa'), // 5
  t('ирис', 'iris', 'iris', 'ірис', 'giaggiolo'), // 6
  t('лаванда', 'lavender', 'lavandă', 'лаванда', 'lavanda'), // 7
  t('пион', 'peony', 'bujor', 'півонія', 'peonia'), // 8
  t('сандал', 'sandalwood', 'lemn de santal', 'сандал', 'legno di sandalo'), // 9
  t('ваниль', 'vanilla', 'vanilie', 'ваніль', 'vaniglia'), // 10
  t('белый мускус', 'white musk', 'mosc alb', 'білий мускус', 'muschio bianco'), // 11
  t('амбра', 'amber', 'ambră', 'амбра', 'ambra'), // 12
  t('кедр', 'cedarwood', 'lemn de cedru', 'кедр', 'legno di cedro'), // 13
  t('ветивер', 'vetiver', 'vetiver', 'ветивер', 'vetiver'), // 14
  t('бобы тонка', 'tonka bean', 'boabe de tonka', 'боби тонка', 'fava tonka'), // 15
  t('пачули', 'patchouli', 'paciuli', 'пачулі', 'patchouli'), // 16
  t('инжир', 'fig', 'smochină', 'інжир', 'fico'), // 17
];

export const FAMILY = {
  floral: t('цветочный', 'floral', 'floral', 'квітковий', 'floreale'),
  oriental: t('восточный', 'oriental', 'oriental', 'східний', 'orientale'),
  woody: t('древесный', 'woody', 'lemnos', 'деревний', 'legnoso'),
  citrus: t('цитрусовый', 'citrus', 'citric', 'цитрусовий', 'agrumato'),
  chypre: t('шипровый', 'chypre', 'chypre', 'шипровий', 'chypre'),
  aromatic: t('фужерный', 'aromatic fougère', 'fougère aromatic', 'фужерний', 'fougère aromatico'),
};

export const FRAGRANCES: Fragrance[] = [
  { line: 'Nuit Bleue', gender: 'her', family: FAMILY.oriental, notes: [3, 2, 4, 6, 10, 12] },
  { line: 'Fleur de Lune', gender: 'her', family: FAMILY.floral, notes: [0, 8, 5, 4, 11, 9] },
  { line: 'Jardin Secret', gender: 'her', family: FAMILY.floral, notes: [1, 17, 8, 5, 11, 13] },
  { line: 'Soleil d’Or', gender: 'her', family: FAMILY.citrus, notes: [3, 1, 4, 8, 10, 11] },
  { line: 'Velours Noir', gender: 'unisex', family: FAMILY.oriental, notes: [2, 0, 6, 5, 16, 15] },
  { line: 'Ciel Blanc', gender: 'unisex', family: FAMILY.chypre, notes: [0, 1, 17, 4, 16, 11] },
  { line: 'Bois Sauvage', gender: 'him', family: FAMILY.woody, notes: [0, 2, 7, 6, 13, 14] },
  { line: 'Azur Marin', gender: 'him', family: FAMILY.aromatic, notes: [1, 3, 7, 17, 13, 11] },
  { line: 'Cuir Royal', gender: 'him', family: FAMILY.woody, notes: [2, 0, 6, 7, 9, 12] },
  { line: 'Ambre Doré', gender: 'unisex', family: FAMILY.oriental, notes: [3, 2, 5, 4, 12, 10] },
];

export type PerfumeType = { code: string; name: L; volume: number; price: [number, number]; intro: L };

export const PERFUME_TYPES: PerfumeType[] = [
  {
    code: 'EDP',
    name: t('Парфюмерная вода', 'Eau de parfum', 'Apă de parfum', 'Парфумована вода', 'Eau de parfum'),
    volume: 50,
    price: [890, 1790],
    intro: t(
      'Насыщенная концентрация: аромат раскрывается постепенно и держится весь день.',
      'A rich concentration: the scent unfolds slowly and lasts all day.',
      'O concentrație bogată: parfumul se dezvăluie treptat și persistă toată ziua.',
      'Насичена концентрація: аромат розкривається поступово й тримається весь день.',
      'Una concentrazione ricca: la fragranza si svela lentamente e dura tutto il giorno.',
    ),
  },
  {
    code: 'EDT',
    name: t('Туалетная вода', 'Eau de toilette', 'Apă de toaletă', 'Туалетна вода', 'Eau de toilette'),
    volume: 75,
    price: [590, 1190],
    intro: t(
      'Лёгкая и свежая версия аромата на каждый день.',
      'A lighter, fresher version of the scent for every day.',
      'O versiune mai ușoară și proaspătă a parfumului, pentru fiecare zi.',
      'Легка та свіжа версія аромату на кожен день.',
      'Una versione più leggera e fresca della fragranza, per ogni giorno.',
    ),
  },
  {
    code: 'MST',
    name: t(
      'Парфюмированный спрей для тела',
      'Body mist',
      'Spray parfumat de corp',
      'Парфумований спрей для тіла',
      'Acqua profumata per il corpo',
    ),
    volume: 150,
    price: [290, 490],
    intro: t(
      'Невесомая дымка освежает кожу в течение дня.',
      'A weightless mist that refreshes the skin during the day.',
      'O ceață delicată care împrospătează pielea pe parcursul zilei.',
      'Невагомий серпанок освіжає шкіру протягом дня.',
      'Una nebbia leggerissima che rinfresca la pelle durante il giorno.',
    ),
  },
  {
    code: 'LOT',
    name: t(
      'Парфюмированный лосьон для тела',
      'Perfumed body lotion',
      'Loțiune de corp parfumată',
      'Парфумований лосьйон для тіла',
      'Lozione corpo profumata',
    ),
    volume: 200,
    price: [249, 429],
    intro: t(
      'Увлажняющий лосьон продлевает шлейф аромата.',
      'A moisturising lotion that makes the scent last longer.',
      'O loțiune hidratantă care prelungește dâra parfumului.',
      'Зволожувальний лосьйон подовжує шлейф аромату.',
      'Una lozione idratante che prolunga la scia della fragranza.',
    ),
  },
];

export const NOTES_SENTENCE = t(
  'Верхние ноты: {a} и {b}. Ноты сердца: {c} и {d}. Базовые ноты: {e} и {f}.',
  'Top notes: {a} and {b}. Heart notes: {c} and {d}. Base notes: {e} and {f}.',
  'Note de vârf: {a} și {b}. Note de inimă: {c} și {d}. Note de bază: {e} și {f}.',
  'Верхні ноти: {a} і {b}. Ноти серця: {c} і {d}. Базові ноти: {e} і {f}.',
  'Note di testa: {a} e {b}. Note di cuore: {c} e {d}. Note di fondo: {e} e {f}.',
);
export const FAMILY_SENTENCE = t(
  'Семейство ароматов: {x}.',
  'Fragrance family: {x}.',
  'Familie olfactivă: {x}.',
  'Родина ароматів: {x}.',
  'Famiglia olfattiva: {x}.',
);

/** How to wear a fragrance, in five languages. */
export const PERFUME_USE = t(
  'Нанесите на точки пульса — запястья, шею, за ушами — с расстояния 15–20 см; не растирайте, чтобы не нарушить ноты аромата.',
  'Spray onto the pulse points — wrists, neck, behind the ears — from 15–20 cm; do not rub, so the notes stay intact.',
  'Pulverizați pe punctele de puls — încheieturi, gât, în spatele urechilor — de la 15–20 cm; nu frecați, ca notele să rămână intacte.',
  'Нанесіть на точки пульсу — зап’ястя, шию, за вухами — з відстані 15–20 см; не розтирайте, щоб не порушити ноти аромату.',
  'Vaporizzare sui punti del polso, del collo e dietro le orecchie da 15–20 cm; non strofinare, per non alterare le note.',
);

/** Ingredients as on the pack (INCI, the same in every language). */
export const PERFUME_INCI =
  'Alcohol Denat., Parfum, Aqua, Limonene, Linalool, Coumarin, Citronellol, Geraniol, Benzyl Salicylate';
