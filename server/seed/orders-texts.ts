/** What people write on demo orders: the warehouse's notes and the customer's comments, reasons and courier notes. */
import type { Lang } from '../db/reference.ts';

export const WAREHOUSE_NOTES = {
  partial: [
    'Часть товара закончилась на складе, подтверждено меньшее количество.',
    'Один из оттенков временно отсутствует, количество уменьшено.',
    'Остаток на складе меньше заказанного: подтверждаем то, что есть.',
  ],
  reject: [
    'Товара нет в наличии, поставка ожидается в следующем месяце.',
    'Вся позиция распродана, заказ не может быть собран.',
  ],
  decline: [
    'Не удалось связаться с покупателем в течение трёх дней.',
    'Заказ дублирует ранее оформленный.',
    'Пункт выдачи временно закрыт на инвентаризацию, оформите заказ заново.',
    'Адрес доставки вне зоны обслуживания курьера.',
  ],
};

export const CUSTOMER_TEXT: Record<'comment' | 'cancel' | 'courier', Record<Lang, string[]>> = {
  comment: {
    ru: [
      'Пожалуйста, упакуйте подарочно.',
      'Заберу после 18:00.',
      'Часть заказа — для клиентки, положите чек отдельно.',
    ],
    en: [
      'Please gift-wrap the perfume.',
      'I will collect after 6 pm.',
      'Part of the order is for a client: separate receipt, please.',
    ],
    ro: [
      'Vă rog ambalați cadou.',
      'Ridic comanda după ora 18:00.',
      'O parte din comandă este pentru o clientă, bonul separat vă rog.',
    ],
    uk: [
      'Будь ласка, запакуйте як подарунок.',
      'Заберу після 18:00.',
      'Частина замовлення — для клієнтки, чек окремо.',
    ],
    it: [
      'Per favore, confezione regalo.',
      'Ritiro dopo le 18:00.',
      'Parte dell’ordine è per una cliente: scontrino separato, grazie.',
    ],
  },
  cancel: {
    ru: [
      'Клиентка отказалась от заказа.',
      'Оформлю новый заказ с другими оттенками.',
      'Без недостающих позиций заказ не нужен.',
    ],
    en: [
      'My client cancelled.',
      'I will place a new order with other shades.',
      'I do not need the order without the missing items.',
    ],
    ro: [
      'Clienta a renunțat la comandă.',
      'Voi plasa o comandă nouă cu alte nuanțe.',
      'Fără produsele lipsă comanda nu-mi mai trebuie.',
    ],
    uk: [
      'Клієнтка відмовилася від замовлення.',
      'Оформлю нове замовлення з іншими відтінками.',
      'Без відсутніх позицій замовлення не потрібне.',
    ],
    it: [
      'La mia cliente ha annullato.',
      'Farò un nuovo ordine con altre tonalità.',
      'Senza gli articoli mancanti l’ordine non mi serve.',
    ],
  },
  courier: {
    ru: [
      'Позвоните за час до доставки.',
      'Домофон не работает, наберите по телефону.',
      'Оставьте у консьержа.',
    ],
    en: [
      'Please call an hour before delivery.',
      'The intercom is broken, call me instead.',
      'Leave it with the concierge.',
    ],
    ro: [
      'Sunați cu o oră înainte de livrare.',
      'Interfonul nu funcționează, sunați-mă.',
      'Lăsați coletul la administrator.',
    ],
    uk: ['Зателефонуйте за годину до доставки.', 'Домофон не працює, телефонуйте.', 'Залиште у консьєржа.'],
    it: [
      'Chiamate un’ora prima della consegna.',
      'Il citofono non funziona, chiamatemi.',
      'Lasciate il pacco al portiere.',
    ],
  },
};
