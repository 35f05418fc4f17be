/** The demo catalogue's make-up: product types, shades, lines, ingredients and claims, in five languages. */
import { t, type L } from './catalogue-words.ts';

export type MakeupType = {
  code: string;
  name: L;
  shades: 'lip' | 'eye' | 'face' | 'cheek';
  price: [number, number];
  intro: L;
};

export const MAKEUP_TYPES: MakeupType[] = [
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

export const SHADES: Record<MakeupType['shades'], L[]> = {
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

export const MAKEUP_LINES = ['Vellura', 'Lumière', 'Carmina', 'Opalia', 'Seraphine'];

export const INGREDIENTS: L[] = [
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
export const MAKEUP_CLAIMS: L[] = [
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

/** The colour a shade shows on the product page's picker, in the order of `SHADES`. */
export const SWATCHES: Record<MakeupType['shades'], string[]> = {
  lip: ['#e8a0a8', '#8e1b2c', '#c9a08a', '#f07b5f', '#7b2a4a', '#6b2c4f', '#c1121f'],
  eye: ['#111111', '#5a3a22', '#4a4f55', '#a46b3c', '#1f6f50'],
  face: ['#f6e3d3', '#eed6bc', '#dcb894', '#cfa57c', '#b98252'],
  cheek: ['#f4a582', '#c98b8b', '#f3a96b', '#c2653f', '#c2185b'],
};

/** How to use each kind of make-up, in five languages. */
export const MAKEUP_USE: Record<MakeupType['shades'], L> = {
  lip: t(
    'Нанесите от центра губ к уголкам; для более стойкого цвета промокните салфеткой и нанесите второй слой.',
    'Apply from the centre of the lips towards the corners; for longer wear, blot with a tissue and apply a second coat.',
    'Aplicați din centrul buzelor spre colțuri; pentru o culoare mai rezistentă, tamponați cu un șervețel și aplicați un al doilea strat.',
    'Нанесіть від центру губ до куточків; для стійкішого кольору промокніть серветкою та нанесіть другий шар.',
    'Applicare dal centro delle labbra verso gli angoli; per una tenuta più lunga, tamponare con una velina e stendere una seconda passata.',
  ),
  eye: t(
    'Наносите от основания к кончикам или вдоль линии роста ресниц; дайте первому слою высохнуть, прежде чем наносить второй.',
    'Apply from the base outwards or along the lash line; let the first coat dry before adding a second.',
    'Aplicați de la bază spre vârfuri sau de-a lungul liniei genelor; lăsați primul strat să se usuce înainte de al doilea.',
    'Наносьте від основи до кінчиків або вздовж лінії росту вій; дайте першому шару висохнути, перш ніж наносити другий.',
    'Applicare dalla base verso le punte o lungo la rima ciliare; lasciare asciugare la prima passata prima di aggiungerne una seconda.',
  ),
  face: t(
    'Нанесите на увлажнённую кожу точками и растушуйте спонжем или кистью от центра лица к краям.',
    'Dot onto moisturised skin and blend with a sponge or brush from the centre of the face outwards.',
    'Aplicați în puncte pe pielea hidratată și estompați cu un burete sau o pensulă din centrul feței spre exterior.',
    'Нанесіть крапками на зволожену шкіру та розтушуйте спонжем або пензлем від центру обличчя до країв.',
    'Picchiettare sulla pelle idratata e sfumare con una spugnetta o un pennello dal centro del viso verso l’esterno.',
  ),
  cheek: t(
    'Улыбнитесь и нанесите кистью на яблочки щёк, растушёвывая к вискам.',
    'Smile and sweep onto the apples of the cheeks with a brush, blending up towards the temples.',
    'Zâmbiți și aplicați cu pensula pe pomeți, estompând spre tâmple.',
    'Усміхніться та нанесіть пензлем на яблучка щік, розтушовуючи до скронь.',
    'Sorridere e stendere con un pennello sugli zigomi, sfumando verso le tempie.',
  ),
};

/** Ingredients as on the pack: the INCI list, which is the same in every language. */
export const MAKEUP_INCI: Record<MakeupType['shades'], string> = {
  lip: 'Ricinus Communis Seed Oil, Octyldodecanol, Candelilla Cera, Cera Alba, Argania Spinosa Kernel Oil, Tocopheryl Acetate, Silica, Parfum, CI 15850, CI 77491, CI 77891',
  eye: 'Aqua, Cera Alba, Stearic Acid, Acacia Senegal Gum, Glyceryl Stearate, Panthenol, Phenoxyethanol, Ethylhexylglycerin, CI 77499',
  face: 'Aqua, Cyclopentasiloxane, Glycerin, Titanium Dioxide, Dimethicone, Niacinamide, Sodium Hyaluronate, Phenoxyethanol, CI 77491, CI 77492, CI 77499',
  cheek:
    'Talc, Mica, Zinc Stearate, Dimethicone, Caprylic/Capric Triglyceride, Tocopherol, Phenoxyethanol, CI 77491, CI 15850, CI 77891',
};
