/** The demo warehouses with their pickup points (data, also read by `npm run i18n:check`), and their insertion. */
import type { Kysely, Transaction } from 'kysely';
import type { Localized } from '../db/reference.ts';
import type { DB } from '../db/schema.ts';

const loc = (ru: string, en: string, ro: string, uk: string, it: string): Localized => ({
  ru,
  en,
  ro,
  uk,
  it,
});

/** The demo warehouses and their pickup points (also read by `npm run i18n:check`). */
export const WAREHOUSES = [
  {
    id: 1,
    code: 'CHI',
    name: loc(
      'Склад Кишинёв',
      'Chișinău warehouse',
      'Depozitul Chișinău',
      'Склад Кишинів',
      'Magazzino di Chișinău',
    ),
    city: 'Chișinău',
    address: 'str. Uzinelor 21, MD-2023 Chișinău',
    phone: '+373 22 84 10 10',
    email: 'chisinau@warehouse.demo.test',
    points: [
      {
        name: loc(
          'Пункт выдачи «Центр»',
          'City centre pickup point',
          'Punct de ridicare Centru',
          'Пункт видачі «Центр»',
          'Punto di ritiro Centro',
        ),
        address: 'bd. Ștefan cel Mare și Sfînt 126, Chișinău',
        hours: 'Mo-Fr 09:00-19:00; Sa 10:00-15:00',
      },
      {
        name: loc(
          'Пункт выдачи «Ботаника»',
          'Botanica pickup point',
          'Punct de ridicare Botanica',
          'Пункт видачі «Ботаніка»',
          'Punto di ritiro Botanica',
        ),
        address: 'bd. Dacia 47, Chișinău',
        hours: 'Mo-Fr 10:00-19:00; Sa 10:00-14:00',
      },
      {
        name: loc(
          'Пункт выдачи «Рышкановка»',
          'Rîșcani pickup point',
          'Punct de ridicare Rîșcani',
          'Пункт видачі «Ришкани»',
          'Punto di ritiro Rîșcani',
        ),
        address: 'str. Kiev 7, Chișinău',
        hours: 'Mo-Sa 09:00-18:00',
      },
    ],
  },
  {
    id: 2,
    code: 'BAL',
    name: loc('Склад Бельцы', 'Bălți warehouse', 'Depozitul Bălți', 'Склад Бєльці', 'Magazzino di Bălți'),
    city: 'Bălți',
    address: 'str. Industrială 9, MD-3100 Bălți',
    phone: '+373 231 5 40 40',
    email: 'balti@warehouse.demo.test',
    points: [
      {
        name: loc(
          'Пункт выдачи «Центр»',
          'City centre pickup point',
          'Punct de ridicare Centru',
          'Пункт видачі «Центр»',
          'Punto di ritiro Centro',
        ),
        address: 'str. Independenței 24, Bălți',
        hours: 'Mo-Fr 09:00-18:00; Sa 10:00-14:00',
      },
      {
        name: loc(
          'Пункт выдачи «Дачия»',
          'Dacia pickup point',
          'Punct de ridicare Dacia',
          'Пункт видачі «Дачія»',
          'Punto di ritiro Dacia',
        ),
        address: 'str. Ștefan cel Mare 60, Bălți',
        hours: 'Mo-Fr 10:00-18:00',
      },
    ],
  },
  {
    id: 3,
    code: 'CAH',
    name: loc('Склад Кагул', 'Cahul warehouse', 'Depozitul Cahul', 'Склад Кагул', 'Magazzino di Cahul'),
    city: 'Cahul',
    address: 'str. Ștefan cel Mare 3, MD-3909 Cahul',
    phone: '+373 299 2 30 30',
    email: 'cahul@warehouse.demo.test',
    points: [
      {
        name: loc(
          'Пункт выдачи «Республики»',
          'Republicii pickup point',
          'Punct de ridicare Republicii',
          'Пункт видачі «Республіки»',
          'Punto di ritiro Republicii',
        ),
        address: 'str. Republicii 12, Cahul',
        hours: 'Mo-Fr 09:00-17:00',
      },
    ],
  },
] as const;

/** Inserts the warehouses and their pickup points; answers the pickup point ids of a warehouse. */
export async function insertWarehouses(
  trx: Transaction<DB> | Kysely<DB>,
): Promise<(warehouseId: number) => number[]> {
  await trx
    .insertInto('warehouses')
    .values(
      WAREHOUSES.map((w) => ({
        id: w.id,
        code: w.code,
        name: JSON.stringify(w.name),
        city: w.city,
        address: w.address,
        phone: w.phone,
        email: w.email,
      })),
    )
    .execute();
  const pickupRows: {
    id: number;
    warehouse_id: number;
    name: string;
    address: string;
    working_hours: string;
  }[] = [];
  for (const w of WAREHOUSES) {
    for (const point of w.points) {
      pickupRows.push({
        id: pickupRows.length + 1,
        warehouse_id: w.id,
        name: JSON.stringify(point.name),
        address: point.address,
        working_hours: point.hours,
      });
    }
  }
  await trx.insertInto('pickup_points').values(pickupRows).execute();
  return (warehouseId: number) => pickupRows.filter((p) => p.warehouse_id === warehouseId).map((p) => p.id);
}
