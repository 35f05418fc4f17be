/**
 * A bonus statement (server/domain/network/statements.ts) as a PDF in one language: the month, the paid-as rank,
 * the volumes, each bonus line with its computation, and the total. Built with the documents' renderer and fonts.
 */
import type { components } from '#openapi/schema.d.ts';
import { RANKS, type Lang } from '../../db/reference.ts';
import { renderPdf, type Block, type DocumentContent } from '../render.ts';

type Statement = components['schemas']['Statement'];

type Labels = {
  title: string;
  subtitle: (name: string) => string;
  edition: (month: string) => string;
  rank: string;
  volumes: string;
  figure: string;
  value: string;
  pv: string;
  gv: string;
  pgv: string;
  cgv: string;
  bonuses: string;
  columns: [string, string, string, string, string];
  personal: string;
  differential: (name: string) => string;
  leadership: (name: string) => string;
  inactive: (threshold: string) => string;
  total: string;
  rule: (percent: string, point: string) => string;
  page: string;
  of: string;
};

const LABELS: Record<Lang, Labels> = {
  en: {
    title: 'Bonus statement',
    subtitle: (name) => `Distributor: ${name}`,
    edition: (month) => `Closed month: ${month}`,
    rank: 'Paid-as rank',
    volumes: 'Volumes of the month',
    figure: 'Volume',
    value: 'Points',
    pv: 'Personal volume (PV)',
    gv: 'Group volume (GV)',
    pgv: 'Personal group volume (PGV)',
    cgv: 'Cumulative group volume (CGV)',
    bonuses: 'Bonuses and how they are computed',
    columns: ['Bonus', 'Base, points', 'Percent', 'Points', 'Amount'],
    personal: 'Personal: own PV',
    differential: (name) => `Differential: leg of ${name}`,
    leadership: (name) => `Leadership: breakaway leg of ${name}`,
    inactive: (threshold) => `The month was not active (PV below ${threshold}): no bonus is paid.`,
    total: 'Bonus for the month',
    rule: (percent, point) =>
      `Marketing plan: the paid-as rank earns ${percent} of its own PV and the difference of percents on each first-line leg's PGV; a breakaway leader earns 5 % of each breakaway leg's PGV. One point is worth ${point}.`,
    page: 'Page',
    of: 'of',
  },
  ru: {
    title: 'Выписка по бонусам',
    subtitle: (name) => `Дистрибьютор: ${name}`,
    edition: (month) => `Закрытый месяц: ${month}`,
    rank: 'Ранг выплаты',
    volumes: 'Объёмы месяца',
    figure: 'Объём',
    value: 'Баллы',
    pv: 'Личный объём (PV)',
    gv: 'Групповой объём (GV)',
    pgv: 'Личный групповой объём (PGV)',
    cgv: 'Накопленный групповой объём (CGV)',
    bonuses: 'Бонусы и как они рассчитаны',
    columns: ['Бонус', 'База, баллы', 'Процент', 'Баллы', 'Сумма'],
    personal: 'Личный: собственный PV',
    differential: (name) => `Разница процентов: ветка ${name}`,
    leadership: (name) => `Лидерский: отрыв ветки ${name}`,
    inactive: (threshold) => `Месяц не активен (PV меньше ${threshold}): бонус не начисляется.`,
    total: 'Бонус за месяц',
    rule: (percent, point) =>
      `Маркетинг-план: ранг выплаты получает ${percent} от собственного PV и разницу процентов от PGV каждой ветки первой линии; лидер с отрывом получает 5 % от PGV каждой оторвавшейся ветки. Один балл стоит ${point}.`,
    page: 'Страница',
    of: 'из',
  },
  ro: {
    title: 'Extras de bonusuri',
    subtitle: (name) => `Distribuitor: ${name}`,
    edition: (month) => `Luna închisă: ${month}`,
    rank: 'Rangul de plată',
    volumes: 'Volumele lunii',
    figure: 'Volum',
    value: 'Puncte',
    pv: 'Volum personal (PV)',
    gv: 'Volum de grup (GV)',
    pgv: 'Volum personal de grup (PGV)',
    cgv: 'Volum de grup cumulat (CGV)',
    bonuses: 'Bonusurile și cum sunt calculate',
    columns: ['Bonus', 'Bază, puncte', 'Procent', 'Puncte', 'Sumă'],
    personal: 'Personal: PV propriu',
    differential: (name) => `Diferențial: ramura lui ${name}`,
    leadership: (name) => `Leadership: ramura desprinsă a lui ${name}`,
    inactive: (threshold) => `Luna nu a fost activă (PV sub ${threshold}): nu se plătește bonus.`,
    total: 'Bonusul lunii',
    rule: (percent, point) =>
      `Planul de marketing: rangul de plată primește ${percent} din PV-ul propriu și diferența de procente din PGV-ul fiecărei ramuri din prima linie; un lider desprins primește 5 % din PGV-ul fiecărei ramuri desprinse. Un punct valorează ${point}.`,
    page: 'Pagina',
    of: 'din',
  },
  uk: {
    title: 'Виписка з бонусів',
    subtitle: (name) => `Дистриб'ютор: ${name}`,
    edition: (month) => `Закритий місяць: ${month}`,
    rank: 'Ранг виплати',
    volumes: 'Обсяги місяця',
    figure: 'Обсяг',
    value: 'Бали',
    pv: 'Особистий обсяг (PV)',
    gv: 'Груповий обсяг (GV)',
    pgv: 'Особистий груповий обсяг (PGV)',
    cgv: 'Накопичений груповий обсяг (CGV)',
    bonuses: 'Бонуси і як їх розраховано',
    columns: ['Бонус', 'База, бали', 'Відсоток', 'Бали', 'Сума'],
    personal: 'Особистий: власний PV',
    differential: (name) => `Різниця відсотків: гілка ${name}`,
    leadership: (name) => `Лідерський: відрив гілки ${name}`,
    inactive: (threshold) => `Місяць не активний (PV менше ${threshold}): бонус не нараховується.`,
    total: 'Бонус за місяць',
    rule: (percent, point) =>
      `Маркетинг-план: ранг виплати отримує ${percent} від власного PV і різницю відсотків від PGV кожної гілки першої лінії; лідер з відривом отримує 5 % від PGV кожної гілки, що відірвалася. Один бал коштує ${point}.`,
    page: 'Сторінка',
    of: 'з',
  },
  it: {
    title: 'Estratto dei bonus',
    subtitle: (name) => `Distributore: ${name}`,
    edition: (month) => `Mese chiuso: ${month}`,
    rank: 'Rango di pagamento',
    volumes: 'Volumi del mese',
    figure: 'Volume',
    value: 'Punti',
    pv: 'Volume personale (PV)',
    gv: 'Volume di gruppo (GV)',
    pgv: 'Volume personale di gruppo (PGV)',
    cgv: 'Volume di gruppo cumulativo (CGV)',
    bonuses: 'I bonus e come sono calcolati',
    columns: ['Bonus', 'Base, punti', 'Percentuale', 'Punti', 'Importo'],
    personal: 'Personale: PV proprio',
    differential: (name) => `Differenziale: ramo di ${name}`,
    leadership: (name) => `Leadership: ramo distaccato di ${name}`,
    inactive: (threshold) => `Il mese non era attivo (PV sotto ${threshold}): nessun bonus.`,
    total: 'Bonus del mese',
    rule: (percent, point) =>
      `Piano marketing: il rango di pagamento guadagna il ${percent} del proprio PV e la differenza di percentuali sul PGV di ogni ramo della prima linea; un leader distaccato guadagna il 5 % del PGV di ogni ramo distaccato. Un punto vale ${point}.`,
    page: 'Pagina',
    of: 'di',
  },
};

/** "November 2026" in the language (a calendar month, no time zone shift). */
export function monthTitle(month: string, lang: Lang): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year ?? 2000, (number ?? 1) - 1, 1),
  );
}

export function formatStatementMoney(minor: number, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(minor / 100);
}

/** The statement's content in one language (exported for tests: what the PDF says). */
export function statementContent(statement: Statement, fullName: string, lang: Lang): DocumentContent {
  const l = LABELS[lang];
  const points = (value: number) =>
    new Intl.NumberFormat(lang, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value);
  const percent = (value: number) =>
    new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
  const money = (minor: number) => formatStatementMoney(minor, statement.currency, lang);
  const rankName = RANKS.find((rank) => rank.code === statement.rank)?.title[lang] ?? statement.rank;
  const lineName = (line: Statement['lines'][number]): string =>
    line.kind === 'personal'
      ? l.personal
      : line.kind === 'differential'
        ? l.differential(line.member?.fullName ?? '')
        : l.leadership(line.member?.fullName ?? '');
  const blocks: Block[] = [
    { kind: 'heading', text: `${l.rank}: ${rankName} (${percent(statement.rankPercent)})` },
    { kind: 'heading', text: l.volumes },
    {
      kind: 'table',
      columns: [l.figure, l.value],
      rows: [
        [l.pv, points(statement.volumes.pv)],
        [l.gv, points(statement.volumes.gv)],
        [l.pgv, points(statement.volumes.pgv)],
        [l.cgv, points(statement.volumes.cgv)],
      ],
      widths: [3, 2],
    },
    { kind: 'heading', text: l.bonuses },
    statement.active
      ? {
          kind: 'table',
          columns: [...l.columns],
          rows: statement.lines.map((line) => [
            lineName(line),
            points(line.base),
            percent(line.percent),
            points(line.points),
            money(line.amount),
          ]),
          widths: [3.4, 1.4, 1.2, 1.2, 1.8],
        }
      : { kind: 'paragraph', text: l.inactive(points(statement.activePv)) },
    { kind: 'heading', text: `${l.total}: ${money(statement.total)}` },
    { kind: 'note', text: l.rule(percent(statement.rankPercent), money(statement.pointValue)) },
  ];
  return {
    title: l.title,
    subtitle: l.subtitle(fullName),
    edition: l.edition(monthTitle(statement.month, lang)),
    blocks,
    pageLabel: l.page,
    ofLabel: l.of,
  };
}

/** The statement's PDF bytes in one language. */
export function renderStatement(statement: Statement, fullName: string, lang: Lang): Promise<Buffer> {
  return renderPdf(statementContent(statement, fullName, lang), lang);
}
