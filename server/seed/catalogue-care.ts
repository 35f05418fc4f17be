/** The demo catalogue's facial care: product types (with their use) and lines (with their benefit), in five languages. */
import { t, type L } from './catalogue-words.ts';

export type CareType = { code: string; name: L; volume: number | null; price: [number, number]; use: L };

export const CARE_TYPES: CareType[] = [
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

export type CareLine = { line: string; benefit: L };

export const CARE_LINES: CareLine[] = [
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

/** Ingredients as on the pack (INCI, the same in every language). */
export const CARE_INCI =
  'Aqua, Glycerin, Caprylic/Capric Triglyceride, Niacinamide, Butylene Glycol, Sodium Hyaluronate, Panthenol, Allantoin, Tocopherol, Xanthan Gum, Phenoxyethanol, Ethylhexylglycerin';
