/**
 * Names, cities, streets and phones of Moldova for the demo network: most names Romanian (Latin script), some
 * Russian and Ukrainian (Cyrillic, with a Latin transliteration for the e-mail address).
 */
import type { Lang } from '../db/reference.ts';
import type { Prng } from './prng.ts';

type Name = readonly [display: string, latin: string];

export const RO_FEMALE = [
  'Ana',
  'Maria',
  'Elena',
  'Ioana',
  'Cristina',
  'Natalia',
  'Tatiana',
  'Irina',
  'Olga',
  'Diana',
  'Mariana',
  'Corina',
  'Doina',
  'Lilia',
  'Svetlana',
  'Victoria',
  'Aurelia',
  'Valentina',
  'Angela',
  'Galina',
  'Daniela',
  'Adriana',
  'Nicoleta',
  'Liliana',
  'Rodica',
];
const RO_MALE = [
  'Ion',
  'Vasile',
  'Andrei',
  'Mihai',
  'Sergiu',
  'Alexandru',
  'Nicolae',
  'Dumitru',
  'Victor',
  'Igor',
  'Vlad',
  'Pavel',
  'Radu',
  'Ruslan',
  'Gheorghe',
];
export const RO_FAMILY = [
  'Popescu',
  'Rusu',
  'Ceban',
  'Ciobanu',
  'Munteanu',
  'Lungu',
  'Rotaru',
  'Cojocaru',
  'Sârbu',
  'Turcan',
  'Moraru',
  'Bălan',
  'Guțu',
  'Țurcanu',
  'Cebotari',
  'Ursu',
  'Melnic',
  'Roșca',
  'Grosu',
  'Botnari',
  'Plămădeală',
  'Cazacu',
  'Bivol',
  'Codreanu',
  'Stratan',
  'Vrabie',
  'Lupu',
  'Negru',
  'Oprea',
  'Răileanu',
];
const RU_FEMALE: Name[] = [
  ['Ирина', 'irina'],
  ['Наталья', 'natalia'],
  ['Светлана', 'svetlana'],
  ['Ольга', 'olga'],
  ['Елена', 'elena'],
  ['Татьяна', 'tatiana'],
  ['Юлия', 'iulia'],
  ['Анна', 'anna'],
  ['Людмила', 'liudmila'],
  ['Оксана', 'oksana'],
  ['Марина', 'marina'],
  ['Валентина', 'valentina'],
];
const RU_MALE: Name[] = [
  ['Сергей', 'sergei'],
  ['Андрей', 'andrei'],
  ['Дмитрий', 'dmitri'],
  ['Игорь', 'igor'],
  ['Олег', 'oleg'],
  ['Виктор', 'victor'],
];
const RU_FAMILY: readonly (readonly [female: string, male: string, latin: string])[] = [
  ['Иванова', 'Иванов', 'ivanov'],
  ['Петренко', 'Петренко', 'petrenko'],
  ['Кравченко', 'Кравченко', 'kravcenko'],
  ['Смирнова', 'Смирнов', 'smirnov'],
  ['Бондаренко', 'Бондаренко', 'bondarenko'],
  ['Ковальчук', 'Ковальчук', 'kovalciuk'],
  ['Морозова', 'Морозов', 'morozov'],
  ['Шевченко', 'Шевченко', 'sevcenko'],
  ['Волкова', 'Волков', 'volkov'],
  ['Ткаченко', 'Ткаченко', 'tkacenko'],
  ['Лысенко', 'Лысенко', 'lisenko'],
  ['Соколова', 'Соколов', 'sokolov'],
];

export const CITIES = [
  'Chișinău',
  'Chișinău',
  'Chișinău',
  'Bălți',
  'Cahul',
  'Orhei',
  'Ungheni',
  'Soroca',
  'Comrat',
  'Edineț',
  'Hîncești',
  'Strășeni',
] as const;
const POST_INDEX: Record<string, string> = {
  Chișinău: 'MD-2001',
  Bălți: 'MD-3100',
  Cahul: 'MD-3909',
  Orhei: 'MD-3505',
  Ungheni: 'MD-3600',
  Soroca: 'MD-3000',
  Comrat: 'MD-3801',
  Edineț: 'MD-4601',
  Hîncești: 'MD-3400',
  Strășeni: 'MD-3701',
};
export const STREETS = [
  'str. Ștefan cel Mare',
  'str. Mihai Eminescu',
  'bd. Dacia',
  'str. Independenței',
  'str. Alba Iulia',
  'str. Pușkin',
  'str. Mitropolit Varlaam',
  'str. Ismail',
  'bd. Mircea cel Bătrân',
  'str. Columna',
  'str. Calea Ieșilor',
  'str. Decebal',
  'str. Vasile Alecsandri',
  'str. Bucureștilor',
];

const ASCII: Record<string, string> = { ă: 'a', â: 'a', î: 'i', ș: 's', ş: 's', ț: 't', ţ: 't' };
const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[ăâîșşțţ]/g, (c) => ASCII[c] ?? c)
    .replace(/[^a-z]/g, '');

export type Person = { fullName: string; emailLocal: string; lang: Lang; female: boolean };

export function person(prng: Prng): Person {
  const female = prng.chance(0.82);
  if (prng.chance(0.72)) {
    const first = prng.pick(female ? RO_FEMALE : RO_MALE);
    const last = prng.pick(RO_FAMILY);
    const lang = prng.weighted<Lang>([
      ['ro', 80],
      ['ru', 12],
      ['en', 4],
      ['it', 4],
    ]);
    return { fullName: `${first} ${last}`, emailLocal: `${slug(first)}.${slug(last)}`, lang, female };
  }
  const [first, firstLatin] = prng.pick(female ? RU_FEMALE : RU_MALE);
  const [lastFemale, lastMale, lastLatin] = prng.pick(RU_FAMILY);
  const lang = prng.weighted<Lang>([
    ['ru', 75],
    ['uk', 20],
    ['ro', 5],
  ]);
  return {
    fullName: `${first} ${female ? lastFemale : lastMale}`,
    emailLocal: `${firstLatin}.${lastLatin}`,
    lang,
    female,
  };
}

export const phone = (prng: Prng): string =>
  `+373 ${prng.pick(['60', '68', '69', '78', '79', '67'])}${prng.int(0, 9)} ${String(prng.int(0, 999)).padStart(3, '0')} ${String(prng.int(0, 999)).padStart(3, '0')}`;

export type AddressParts = {
  postIndex: string;
  city: string;
  street: string;
  house: string;
  apartment: string | null;
};

export function address(prng: Prng, city: string = prng.pick(CITIES)): AddressParts {
  return {
    postIndex: POST_INDEX[city] ?? 'MD-2001',
    city,
    street: prng.pick(STREETS),
    house: `${prng.int(1, 180)}${prng.chance(0.15) ? prng.pick(['A', 'B', '/1', '/2']) : ''}`,
    apartment: prng.chance(0.65) ? String(prng.int(1, 140)) : null,
  };
}
