/**
 * The demo catalogue: about 150 products built from word tables in five languages (product type × line × shade,
 * note or volume), each phrase translated, never copied from English. Line names are brand names and stay as they
 * are in every language, as brand names do on real packaging.
 */
import type { Category, Lang, Localized } from '../db/reference.ts';
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
};

type L = Localized;
const t = (ru: string, en: string, ro: string, uk: string, it: string): L => ({ ru, en, ro, uk, it });
const each = (fn: (lang: Lang) => string): L => ({
  ru: fn('ru'),
  en: fn('en'),
  ro: fn('ro'),
  uk: fn('uk'),
  it: fn('it'),
});
const ml = (volume: number): L =>
  t(`${volume} мл`, `${volume} ml`, `${volume} ml`, `${volume} мл`, `${volume} ml`);

/* ------------------------------------------------------------------ makeup */

type MakeupType = {
  code: string;
  name: L;
  shades: 'lip' | 'eye' | 'face' | 'cheek';
  price: [number, number];
  intro: L;
};

const MAKEUP_TYPES: MakeupType[] = [
  {
    code: 'LS',
    name: t('Помада', 'Lipstick', 'Ruj', 'Помада', 'Rossetto'),
    shades: 'lip',
    price: [149, 289],
    intro: t(
      'Кремовая помада с насыщенным цветом с первого нанесения.',
      'A creamy lipstick that gives rich colour in a single stroke.',
      'Ruj cremos care oferă o culoare intensă dintr-o singură aplicare.',
      'Кремова помада з насиченим кольором з першого нанесення.',
      'Rossetto cremoso dal colore intenso fin dalla prima passata.',
    ),
  },
  {
    code: 'LG',
    name: t('Блеск для губ', 'Lip gloss', 'Luciu de buze', 'Блиск для губ', 'Lucidalabbra'),
    shades: 'lip',
    price: [119, 219],
    intro: t(
      'Блеск с зеркальным сиянием и лёгким эффектом объёма.',
      'A gloss with a mirror shine and a subtle plumping effect.',
      'Luciu cu strălucire de oglindă și un ușor efect de volum.',
      'Блиск із дзеркальним сяйвом та легким ефектом об’єму.',
      'Lucidalabbra dalla brillantezza a specchio con un leggero effetto volume.',
    ),
  },
  {
    code: 'LL',
    name: t('Карандаш для губ', 'Lip liner', 'Creion de buze', 'Олівець для губ', 'Matita labbra'),
    shades: 'lip',
    price: [89, 159],
    intro: t(
      'Мягкий карандаш чётко очерчивает контур и не даёт помаде растекаться.',
      'A soft pencil that defines the lip line and keeps lipstick in place.',
      'Creion moale care conturează precis buzele și împiedică rujul să se întindă.',
      'М’який олівець чітко окреслює контур і не дає помаді розтікатися.',
      'Matita morbida che definisce il contorno e impedisce al rossetto di sbavare.',
    ),
  },
  {
    code: 'NP',
    name: t('Лак для ногтей', 'Nail polish', 'Lac de unghii', 'Лак для нігтів', 'Smalto per unghie'),
    shades: 'lip',
    price: [79, 149],
    intro: t(
      'Лак с плотным покрытием в два слоя и глянцевым финишем.',
      'A polish with full coverage in two coats and a glossy finish.',
      'Lac cu acoperire deplină din două straturi și finisaj lucios.',
      'Лак зі щільним покриттям у два шари та глянцевим фінішем.',
      'Smalto coprente in due passate con finish lucido.',
    ),
  },
  {
    code: 'MS',
    name: t('Тушь для ресниц', 'Mascara', 'Rimel', 'Туш для вій', 'Mascara'),
    shades: 'eye',
    price: [159, 279],
    intro: t(
      'Тушь разделяет и удлиняет каждую ресницу без комочков.',
      'A mascara that separates and lengthens every lash without clumps.',
      'Rimel care separă și alungește fiecare geană, fără cocoloașe.',
      'Туш розділяє та подовжує кожну вію без грудочок.',
      'Mascara che separa e allunga ogni ciglio senza grumi.',
    ),
  },
  {
    code: 'EL',
    name: t('Подводка для глаз', 'Eyeliner', 'Tuș de ochi', 'Підводка для очей', 'Eyeliner liquido'),
    shades: 'eye',
    price: [129, 219],
    intro: t(
      'Жидкая подводка с тонкой кистью рисует стрелку одним движением.',
      'A liquid liner with a fine brush that draws a wing in one movement.',
      'Tuș lichid cu pensulă fină care trasează linia dintr-o singură mișcare.',
      'Рідка підводка з тонким пензликом малює стрілку одним рухом.',
      'Eyeliner liquido con pennellino sottile che disegna la linea in un solo gesto.',
    ),
  },
  {
    code: 'ES',
    name: t(
      'Палетка теней',
      'Eyeshadow palette',
      'Paletă de farduri',
      'Палетка тіней',
      'Palette di ombretti',
    ),
    shades: 'eye',
    price: [249, 449],
    intro: t(
      'Шесть сочетающихся оттенков — от матовых до мерцающих.',
      'Six matching shades, from matte to shimmering.',
      'Șase nuanțe asortate, de la mat la sidefat.',
      'Шість відтінків, що поєднуються, — від матових до мерехтливих.',
      'Sei tonalità abbinate, dall’opaco al perlato.',
    ),
  },
  {
    code: 'BP',
    name: t(
      'Карандаш для бровей',
      'Brow pencil',
      'Creion pentru sprâncene',
      'Олівець для брів',
      'Matita per sopracciglia',
    ),
    shades: 'eye',
    price: [89, 169],
    intro: t(
      'Карандаш со щёточкой придаёт бровям форму и естественный цвет.',
      'A pencil with a spoolie that shapes brows and fills them naturally.',
      'Creion cu periuță care modelează sprâncenele și le dă o culoare naturală.',
      'Олівець зі щіточкою надає бровам форми та природного кольору.',
      'Matita con scovolino che modella le sopracciglia e le colora in modo naturale.',
    ),
  },
  {
    code: 'FD',
    name: t('Тональный крем', 'Foundation', 'Fond de ten', 'Тональний крем', 'Fondotinta'),
    shades: 'face',
    price: [229, 399],
    intro: t(
      'Тональный крем выравнивает тон и оставляет кожу сияющей.',
      'A foundation that evens out the complexion and leaves skin radiant.',
      'Fond de ten care uniformizează tenul și îl lasă luminos.',
      'Тональний крем вирівнює тон і залишає шкіру сяйливою.',
      'Fondotinta che uniforma l’incarnato e lascia la pelle luminosa.',
    ),
  },
  {
    code: 'CC',
    name: t('Консилер', 'Concealer', 'Corector', 'Консилер', 'Correttore'),
    shades: 'face',
    price: [149, 249],
    intro: t(
      'Консилер скрывает тени под глазами и мелкие несовершенства.',
      'A concealer that hides dark circles and small imperfections.',
      'Corector care ascunde cearcănele și micile imperfecțiuni.',
      'Консилер приховує тіні під очима та дрібні недоліки.',
      'Correttore che nasconde occhiaie e piccole imperfezioni.',
    ),
  },
  {
    code: 'PW',
    name: t('Компактная пудра', 'Compact powder', 'Pudră compactă', 'Компактна пудра', 'Cipria compatta'),
    shades: 'face',
    price: [179, 299],
    intro: t(
      'Шелковистая пудра убирает блеск и фиксирует макияж.',
      'A silky powder that removes shine and sets make-up.',
      'Pudră mătăsoasă care elimină luciul și fixează machiajul.',
      'Шовковиста пудра прибирає блиск і фіксує макіяж.',
      'Cipria setosa che elimina la lucidità e fissa il trucco.',
    ),
  },
  {
    code: 'BL',
    name: t('Румяна', 'Blush', 'Fard de obraz', 'Рум’яна', 'Fard guance'),
    shades: 'cheek',
    price: [159, 269],
    intro: t(
      'Румяна дарят лицу свежий, отдохнувший вид.',
      'A blush that gives the face a fresh, rested look.',
      'Fard care oferă chipului un aspect proaspăt și odihnit.',
      'Рум’яна надають обличчю свіжого, відпочилого вигляду.',
      'Fard che dona al viso un aspetto fresco e riposato.',
    ),
  },
];

const SHADES: Record<MakeupType['shades'], L[]> = {
  lip: [
    t('Лепесток розы', 'Rose Petal', 'Petală de trandafir', 'Пелюстка троянди', 'Petalo di rosa'),
    t('Спелая вишня', 'Ripe Cherry', 'Cireașă coaptă', 'Стигла вишня', 'Ciliegia matura'),
    t('Нюдовый беж', 'Nude Beige', 'Bej nud', 'Нюдовий беж', 'Beige nudo'),
    t('Коралл', 'Coral', 'Coral', 'Корал', 'Corallo'),
    t('Лесная ягода', 'Wild Berry', 'Fructe de pădure', 'Лісова ягода', 'Frutti di bosco'),
    t('Слива', 'Plum', 'Prună', 'Слива', 'Prugna'),
    t('Классический красный', 'Classic Red', 'Roșu clasic', 'Класичний червоний', 'Rosso classico'),
  ],
  eye: [
    t('Чёрный', 'Black', 'Negru', 'Чорний', 'Nero'),
    t('Коричневый', 'Brown', 'Maro', 'Коричневий', 'Marrone'),
    t('Графит', 'Graphite', 'Grafit', 'Графіт', 'Grafite'),
    t('Бронза', 'Bronze', 'Bronz', 'Бронза', 'Bronzo'),
    t('Изумруд', 'Emerald', 'Smarald', 'Смарагд', 'Smeraldo'),
  ],
  face: [
    t('Фарфоровый', 'Porcelain', 'Porțelan', 'Порцеляновий', 'Porcellana'),
    t('Слоновая кость', 'Ivory', 'Fildeș', 'Слонова кістка', 'Avorio'),
    t('Натуральный бежевый', 'Natural Beige', 'Bej natural', 'Натуральний бежевий', 'Beige naturale'),
    t('Песочный', 'Sand', 'Nisip', 'Пісочний', 'Sabbia'),
    t('Медовый', 'Honey', 'Miere', 'Медовий', 'Miele'),
  ],
  cheek: [
    t('Персик', 'Peach', 'Piersică', 'Персик', 'Pesca'),
    t('Пыльная роза', 'Dusty Rose', 'Trandafir prăfuit', 'Пильна троянда', 'Rosa antico'),
    t('Абрикос', 'Apricot', 'Caisă', 'Абрикос', 'Albicocca'),
    t('Терракота', 'Terracotta', 'Teracotă', 'Теракота', 'Cotto'),
    t('Малина', 'Raspberry', 'Zmeură', 'Малина', 'Lampone'),
  ],
};

const MAKEUP_LINES = ['Vellura', 'Lumière', 'Carmina', 'Opalia', 'Seraphine'];

const INGREDIENTS: L[] = [
  t('витамином E', 'vitamin E', 'vitamina E', 'вітаміном E', 'vitamina E'),
  t('маслом ши', 'shea butter', 'unt de shea', 'олією ші', 'burro di karité'),
  t('маслом жожоба', 'jojoba oil', 'ulei de jojoba', 'олією жожоба', 'olio di jojoba'),
  t(
    'гиалуроновой кислотой',
    'hyaluronic acid',
    'acid hialuronic',
    'гіалуроновою кислотою',
    'acido ialuronico',
  ),
  t('аргановым маслом', 'argan oil', 'ulei de argan', 'аргановою олією', 'olio di argan'),
  t(
    'миндальным маслом',
    'sweet almond oil',
    'ulei de migdale dulci',
    'мигдалевою олією',
    'olio di mandorle dolci',
  ),
];

/** Sentences with a `{i}` (ingredient) or `{h}` (hours) slot, in each language. */
const MAKEUP_CLAIMS: L[] = [
  t(
    'Формула с {i} ухаживает за кожей весь день.',
    'The formula with {i} cares for your skin all day long.',
    'Formula cu {i} îngrijește pielea toată ziua.',
    'Формула з {i} доглядає за шкірою весь день.',
    'La formula con {i} si prende cura della pelle tutto il giorno.',
  ),
  t(
    'Держится до {h} часов без обновления.',
    'Stays put for up to {h} hours without touch-ups.',
    'Rezistă până la {h} ore fără retușuri.',
    'Тримається до {h} годин без оновлення.',
    'Resiste fino a {h} ore senza ritocchi.',
  ),
  t(
    'Дерматологически протестировано, подходит для чувствительной кожи.',
    'Dermatologically tested and suitable for sensitive skin.',
    'Testat dermatologic, potrivit pentru pielea sensibilă.',
    'Дерматологічно протестовано, підходить для чутливої шкіри.',
    'Dermatologicamente testato, adatto alle pelli sensibili.',
  ),
  t(
    'Без парабенов и минеральных масел.',
    'Free from parabens and mineral oils.',
    'Fără parabeni și uleiuri minerale.',
    'Без парабенів і мінеральних олій.',
    'Senza parabeni e oli minerali.',
  ),
  t(
    'Лёгкая текстура не пересушивает и не утяжеляет.',
    'A light texture that neither dries nor weighs down.',
    'Textură ușoară care nu usucă și nu îngreunează.',
    'Легка текстура не пересушує й не обтяжує.',
    'Una texture leggera che non secca e non appesantisce.',
  ),
];

const fill = (template: L, slots: Record<string, L | string>): L =>
  each((lang) =>
    template[lang].replace(/\{(\w)\}/g, (whole, key: string) => {
      const value = slots[key];
      if (value === undefined) return whole;
      return typeof value === 'string' ? value : value[lang];
    }),
  );

const join = (...parts: L[]): L => each((lang) => parts.map((part) => part[lang]).join(' '));

function makeupName(type: MakeupType, line: string, shade: L): L {
  return {
    ru: `${type.name.ru} ${line} «${shade.ru}»`,
    en: `${line} ${type.name.en}, ${shade.en}`,
    ro: `${type.name.ro} ${line}, ${shade.ro}`,
    uk: `${type.name.uk} ${line} «${shade.uk}»`,
    it: `${type.name.it} ${line}, ${shade.it}`,
  };
}

/* -------------------------------------------------------------- perfumery */

type Fragrance = {
  line: string;
  gender: 'her' | 'him' | 'unisex';
  family: L;
  notes: [number, number, number, number, number, number];
};

const GENDER: Record<Fragrance['gender'], L> = {
  her: t('для неё', 'for her', 'pentru ea', 'для неї', 'per lei'),
  him: t('для него', 'for him', 'pentru el', 'для нього', 'per lui'),
  unisex: t('унисекс', 'unisex', 'unisex', 'унісекс', 'unisex'),
};

const NOTES: L[] = [
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

const FAMILY = {
  floral: t('цветочный', 'floral', 'floral', 'квітковий', 'floreale'),
  oriental: t('восточный', 'oriental', 'oriental', 'східний', 'orientale'),
  woody: t('древесный', 'woody', 'lemnos', 'деревний', 'legnoso'),
  citrus: t('цитрусовый', 'citrus', 'citric', 'цитрусовий', 'agrumato'),
  chypre: t('шипровый', 'chypre', 'chypre', 'шипровий', 'chypre'),
  aromatic: t('фужерный', 'aromatic fougère', 'fougère aromatic', 'фужерний', 'fougère aromatico'),
};

const FRAGRANCES: Fragrance[] = [
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

type PerfumeType = { code: string; name: L; volume: number; price: [number, number]; intro: L };

const PERFUME_TYPES: PerfumeType[] = [
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

const NOTES_SENTENCE = t(
  'Верхние ноты: {a} и {b}. Ноты сердца: {c} и {d}. Базовые ноты: {e} и {f}.',
  'Top notes: {a} and {b}. Heart notes: {c} and {d}. Base notes: {e} and {f}.',
  'Note de vârf: {a} și {b}. Note de inimă: {c} și {d}. Note de bază: {e} și {f}.',
  'Верхні ноти: {a} і {b}. Ноти серця: {c} і {d}. Базові ноти: {e} і {f}.',
  'Note di testa: {a} e {b}. Note di cuore: {c} e {d}. Note di fondo: {e} e {f}.',
);
const FAMILY_SENTENCE = t(
  'Семейство ароматов: {x}.',
  'Fragrance family: {x}.',
  'Familie olfactivă: {x}.',
  'Родина ароматів: {x}.',
  'Famiglia olfattiva: {x}.',
);

/* ------------------------------------------------------------ facial care */

type CareType = { code: string; name: L; volume: number | null; price: [number, number]; use: L };

const CARE_TYPES: CareType[] = [
  {
    code: 'CG',
    name: t('Очищающий гель', 'Cleansing gel', 'Gel de curățare', 'Очищувальний гель', 'Gel detergente'),
    volume: 150,
    price: [149, 249],
    use: t(
      'Нанесите на влажную кожу утром и вечером, помассируйте и смойте тёплой водой.',
      'Apply to damp skin morning and evening, massage gently and rinse with warm water.',
      'Aplicați pe pielea umedă dimineața și seara, masați ușor și clătiți cu apă călduță.',
      'Нанесіть на вологу шкіру вранці та ввечері, помасажуйте й змийте теплою водою.',
      'Applicare sulla pelle umida mattina e sera, massaggiare delicatamente e risciacquare con acqua tiepida.',
    ),
  },
  {
    code: 'MW',
    name: t('Мицеллярная вода', 'Micellar water', 'Apă micelară', 'Міцелярна вода', 'Acqua micellare'),
    volume: 400,
    price: [129, 219],
    use: t(
      'Смочите ватный диск и очистите лицо и глаза без трения; смывать не нужно.',
      'Soak a cotton pad and cleanse face and eyes without rubbing; no rinsing needed.',
      'Înmuiați un disc demachiant și curățați fața și ochii fără frecare; nu necesită clătire.',
      'Змочіть ватний диск і очистіть обличчя та очі без тертя; змивати не потрібно.',
      'Imbevere un dischetto di cotone e detergere viso e occhi senza strofinare; non serve risciacquare.',
    ),
  },
  {
    code: 'TN',
    name: t('Тоник', 'Toner', 'Tonic', 'Тонік', 'Tonico'),
    volume: 200,
    price: [139, 229],
    use: t(
      'После очищения протрите лицо ватным диском, чтобы восстановить баланс кожи.',
      'After cleansing, sweep over the face with a cotton pad to rebalance the skin.',
      'După curățare, aplicați pe față cu un disc demachiant pentru a reechilibra pielea.',
      'Після очищення протріть обличчя ватним диском, щоб відновити баланс шкіри.',
      'Dopo la detersione, passare sul viso con un dischetto per riequilibrare la pelle.',
    ),
  },
  {
    code: 'DC',
    name: t('Дневной крем', 'Day cream', 'Cremă de zi', 'Денний крем', 'Crema giorno'),
    volume: 50,
    price: [249, 449],
    use: t(
      'Наносите утром на очищенную кожу лица и шеи лёгкими движениями.',
      'Apply in the morning to cleansed face and neck with light strokes.',
      'Aplicați dimineața pe pielea curată a feței și a gâtului, cu mișcări ușoare.',
      'Наносьте вранці на очищену шкіру обличчя та шиї легкими рухами.',
      'Applicare al mattino su viso e collo detersi con movimenti leggeri.',
    ),
  },
  {
    code: 'NC',
    name: t('Ночной крем', 'Night cream', 'Cremă de noapte', 'Нічний крем', 'Crema notte'),
    volume: 50,
    price: [269, 489],
    use: t(
      'Наносите вечером: пока вы спите, крем восстанавливает кожу.',
      'Apply in the evening: the cream restores the skin while you sleep.',
      'Aplicați seara: crema reface pielea în timp ce dormiți.',
      'Наносьте ввечері: поки ви спите, крем відновлює шкіру.',
      'Applicare la sera: la crema rigenera la pelle mentre dormi.',
    ),
  },
  {
    code: 'SR',
    name: t('Сыворотка', 'Serum', 'Ser', 'Сироватка', 'Siero'),
    volume: 30,
    price: [349, 690],
    use: t(
      'Нанесите 3–4 капли перед кремом утром и вечером.',
      'Apply 3–4 drops before your cream, morning and evening.',
      'Aplicați 3–4 picături înainte de cremă, dimineața și seara.',
      'Нанесіть 3–4 краплі перед кремом уранці та ввечері.',
      'Applicare 3–4 gocce prima della crema, mattina e sera.',
    ),
  },
  {
    code: 'EC',
    name: t(
      'Крем для кожи вокруг глаз',
      'Eye cream',
      'Cremă pentru conturul ochilor',
      'Крем для шкіри навколо очей',
      'Crema contorno occhi',
    ),
    volume: 15,
    price: [229, 399],
    use: t(
      'Распределите безымянным пальцем вдоль орбитальной кости похлопывающими движениями.',
      'Pat along the orbital bone with your ring finger.',
      'Aplicați cu degetul inelar de-a lungul osului orbital, prin bătăi ușoare.',
      'Розподіліть безіменним пальцем уздовж орбітальної кістки легкими поплескуваннями.',
      'Picchiettare con l’anulare lungo l’osso orbitale.',
    ),
  },
  {
    code: 'SM',
    name: t('Тканевая маска', 'Sheet mask', 'Mască din țesătură', 'Тканинна маска', 'Maschera in tessuto'),
    volume: null,
    price: [49, 89],
    use: t(
      'Положите маску на очищенное лицо на 15–20 минут, остатки сыворотки вбейте в кожу.',
      'Leave on cleansed skin for 15–20 minutes, then pat in the remaining essence.',
      'Aplicați masca pe fața curată timp de 15–20 de minute, apoi masați restul de esență.',
      'Накладіть маску на очищене обличчя на 15–20 хвилин, залишки есенції вбийте в шкіру.',
      'Lasciare in posa sul viso deterso per 15–20 minuti, poi far assorbire l’essenza rimasta.',
    ),
  },
  {
    code: 'CM',
    name: t('Глиняная маска', 'Clay mask', 'Mască cu argilă', 'Глиняна маска', 'Maschera all’argilla'),
    volume: 75,
    price: [169, 289],
    use: t(
      'Нанесите ровным слоем на 10 минут один-два раза в неделю, затем смойте.',
      'Apply an even layer for 10 minutes once or twice a week, then rinse off.',
      'Aplicați un strat uniform timp de 10 minute, o dată sau de două ori pe săptămână, apoi clătiți.',
      'Нанесіть рівним шаром на 10 хвилин один-два рази на тиждень, потім змийте.',
      'Applicare uno strato uniforme per 10 minuti una o due volte a settimana, poi risciacquare.',
    ),
  },
  {
    code: 'PL',
    name: t('Мягкий пилинг', 'Gentle peel', 'Peeling delicat', 'М’який пілінг', 'Peeling delicato'),
    volume: 50,
    price: [199, 339],
    use: t(
      'Используйте дважды в неделю вечером, избегая области вокруг глаз.',
      'Use twice a week in the evening, avoiding the eye area.',
      'Folosiți de două ori pe săptămână, seara, evitând zona ochilor.',
      'Використовуйте двічі на тиждень увечері, уникаючи ділянки навколо очей.',
      'Usare due volte a settimana la sera, evitando il contorno occhi.',
    ),
  },
];

type CareLine = { line: string; benefit: L };

const CARE_LINES: CareLine[] = [
  {
    line: 'Aqua Vitae',
    benefit: t(
      'Линия с гиалуроновой кислотой глубоко увлажняет обезвоженную кожу.',
      'A line with hyaluronic acid that deeply moisturises dehydrated skin.',
      'O gamă cu acid hialuronic care hidratează în profunzime pielea deshidratată.',
      'Лінія з гіалуроновою кислотою глибоко зволожує зневоднену шкіру.',
      'Una linea all’acido ialuronico che idrata in profondità la pelle disidratata.',
    ),
  },
  {
    line: 'Rosa Alba',
    benefit: t(
      'Розовая вода и экстракт ромашки успокаивают чувствительную кожу.',
      'Rose water and chamomile extract soothe sensitive skin.',
      'Apa de trandafiri și extractul de mușețel calmează pielea sensibilă.',
      'Трояндова вода та екстракт ромашки заспокоюють чутливу шкіру.',
      'Acqua di rose ed estratto di camomilla leniscono la pelle sensibile.',
    ),
  },
  {
    line: 'Herba Pura',
    benefit: t(
      'Масло чайного дерева и цинк матируют жирную и комбинированную кожу.',
      'Tea tree oil and zinc mattify oily and combination skin.',
      'Uleiul de arbore de ceai și zincul matifiază pielea grasă și mixtă.',
      'Олія чайного дерева та цинк матують жирну й комбіновану шкіру.',
      'Olio di tea tree e zinco opacizzano la pelle grassa e mista.',
    ),
  },
  {
    line: 'Lux Aurea',
    benefit: t(
      'Пептиды и коэнзим Q10 возвращают упругость зрелой коже.',
      'Peptides and coenzyme Q10 restore firmness to mature skin.',
      'Peptidele și coenzima Q10 redau fermitatea pielii mature.',
      'Пептиди та коензим Q10 повертають пружність зрілій шкірі.',
      'Peptidi e coenzima Q10 restituiscono compattezza alla pelle matura.',
    ),
  },
  {
    line: 'Derma Nova',
    benefit: t(
      'Витамин C и ниацинамид выравнивают тон и возвращают сияние тусклой коже.',
      'Vitamin C and niacinamide even out the tone and bring back radiance to dull skin.',
      'Vitamina C și niacinamida uniformizează tenul și redau strălucirea pielii fără viață.',
      'Вітамін C і ніацинамід вирівнюють тон і повертають сяйво тьмяній шкірі.',
      'Vitamina C e niacinamide uniformano l’incarnato e ridanno luminosità alla pelle spenta.',
    ),
  },
];

const PIECES = t('шт.', 'pcs', 'buc.', 'шт.', 'pz');

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
      const line = MAKEUP_LINES[(typeIndex + shadeIndex) % MAKEUP_LINES.length] ?? 'Vellura';
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
