import { SIGN_UP_ERROR_MESSAGES } from './error-messages-sign-up.ts';

/** Languages of the product (spec section 1); `ru` is the default. */
export const LANGUAGES = ['ru', 'en', 'ro', 'uk', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Translations = Record<Language, string>;

export interface ErrorText {
  title: Translations;
  message: Translations;
}

/**
 * Title and message of every error code (docs/adr/0008-error-shape.md), in every language.
 * A new code is added here first; `ErrorCode` is derived from this table, so nothing can throw an untranslated code.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: {
    title: {
      ru: 'Ошибка в данных',
      en: 'Invalid data',
      ro: 'Date nevalide',
      uk: 'Помилка в даних',
      it: 'Dati non validi',
    },
    message: {
      ru: 'Проверьте введённые данные и попробуйте ещё раз.',
      en: 'Please check the data you entered and try again.',
      ro: 'Verificați datele introduse și încercați din nou.',
      uk: 'Перевірте введені дані та спробуйте ще раз.',
      it: 'Controlla i dati inseriti e riprova.',
    },
  },
  UNAUTHORIZED: {
    title: {
      ru: 'Требуется вход',
      en: 'Sign-in required',
      ro: 'Este necesară autentificarea',
      uk: 'Потрібен вхід',
      it: 'Accesso richiesto',
    },
    message: {
      ru: 'Войдите в систему, чтобы продолжить.',
      en: 'Please sign in to continue.',
      ro: 'Autentificați-vă pentru a continua.',
      uk: 'Увійдіть у систему, щоб продовжити.',
      it: 'Accedi per continuare.',
    },
  },
  TOKEN_EXPIRED: {
    title: {
      ru: 'Сессия истекла',
      en: 'Session expired',
      ro: 'Sesiunea a expirat',
      uk: 'Сесія закінчилася',
      it: 'Sessione scaduta',
    },
    message: {
      ru: 'Срок действия сессии истёк. Войдите снова.',
      en: 'Your session has expired. Please sign in again.',
      ro: 'Sesiunea dvs. a expirat. Autentificați-vă din nou.',
      uk: 'Термін дії сесії минув. Увійдіть знову.',
      it: 'La sessione è scaduta. Accedi di nuovo.',
    },
  },
  INVALID_CREDENTIALS: {
    title: {
      ru: 'Неверный вход',
      en: 'Sign-in failed',
      ro: 'Autentificare eșuată',
      uk: 'Невдалий вхід',
      it: 'Accesso non riuscito',
    },
    message: {
      ru: 'Неверный адрес электронной почты или пароль.',
      en: 'The e-mail address or password is incorrect.',
      ro: 'Adresa de e-mail sau parola este incorectă.',
      uk: 'Неправильна адреса електронної пошти або пароль.',
      it: "L'indirizzo e-mail o la password non sono corretti.",
    },
  },
  FORBIDDEN: {
    title: {
      ru: 'Доступ запрещён',
      en: 'Access denied',
      ro: 'Acces interzis',
      uk: 'Доступ заборонено',
      it: 'Accesso negato',
    },
    message: {
      ru: 'У вас нет прав на это действие.',
      en: 'You do not have permission to do this.',
      ro: 'Nu aveți permisiunea de a efectua această acțiune.',
      uk: 'У вас немає прав на цю дію.',
      it: 'Non hai i permessi per eseguire questa operazione.',
    },
  },
  EMAIL_NOT_CONFIRMED: {
    title: {
      ru: 'Подтвердите электронную почту',
      en: 'Need to confirm your email',
      ro: 'Confirmați adresa de e-mail',
      uk: 'Підтвердіть електронну пошту',
      it: 'Conferma il tuo indirizzo e-mail',
    },
    message: {
      ru: 'Чтобы продолжить, подтвердите адрес электронной почты по ссылке из письма.',
      en: 'To continue, confirm your e-mail address using the link we sent you.',
      ro: 'Pentru a continua, confirmați adresa de e-mail folosind linkul trimis.',
      uk: 'Щоб продовжити, підтвердьте адресу електронної пошти за посиланням з листа.',
      it: "Per continuare, conferma l'indirizzo e-mail tramite il link che ti abbiamo inviato.",
    },
  },
  NOT_FOUND: {
    title: {
      ru: 'Не найдено',
      en: 'Not Found',
      ro: 'Nu a fost găsit',
      uk: 'Не знайдено',
      it: 'Non trovato',
    },
    message: {
      ru: 'Запрошенный объект не найден.',
      en: 'The requested item was not found.',
      ro: 'Elementul solicitat nu a fost găsit.',
      uk: "Запитаний об'єкт не знайдено.",
      it: "L'elemento richiesto non è stato trovato.",
    },
  },
  VERSION_CONFLICT: {
    title: {
      ru: 'Заказ уже изменён',
      en: 'Order already changed',
      ro: 'Comanda a fost deja modificată',
      uk: 'Замовлення вже змінено',
      it: "L'ordine è già stato modificato",
    },
    message: {
      ru: 'Кто-то изменил заказ раньше вас. Проверьте актуальные данные и повторите действие.',
      en: 'Someone changed this order before you. Check its current state and try again.',
      ro: 'Altcineva a modificat comanda înaintea dvs. Verificați starea actuală și încercați din nou.',
      uk: 'Хтось змінив замовлення раніше за вас. Перевірте актуальні дані та повторіть дію.',
      it: "Qualcuno ha modificato l'ordine prima di te. Controlla lo stato attuale e riprova.",
    },
  },
  TRANSITION_NOT_ALLOWED: {
    title: {
      ru: 'Действие недоступно',
      en: 'Action not available',
      ro: 'Acțiune indisponibilă',
      uk: 'Дія недоступна',
      it: 'Azione non disponibile',
    },
    message: {
      ru: 'Это действие невозможно для заказа в текущем статусе.',
      en: 'This action is not possible for the order in its current status.',
      ro: 'Această acțiune nu este posibilă pentru comanda în starea actuală.',
      uk: 'Ця дія неможлива для замовлення в поточному статусі.',
      it: "Questa azione non è possibile per l'ordine nello stato attuale.",
    },
  },
  PAYMENT_NOT_ALLOWED: {
    title: {
      ru: 'Оплата недоступна',
      en: 'Payment not available',
      ro: 'Plata nu este disponibilă',
      uk: 'Оплата недоступна',
      it: 'Pagamento non disponibile',
    },
    message: {
      ru: 'Этот заказ сейчас нельзя оплатить: он не ожидает оплаты картой.',
      en: 'This order cannot be paid now: it is not waiting for a card payment.',
      ro: 'Această comandă nu poate fi plătită acum: nu așteaptă o plată cu cardul.',
      uk: 'Це замовлення зараз не можна оплатити: воно не очікує оплати карткою.',
      it: 'Questo ordine non può essere pagato ora: non è in attesa di un pagamento con carta.',
    },
  },
  EMAIL_ALREADY_CONFIRMED: {
    title: {
      ru: 'Почта уже подтверждена',
      en: 'E-mail already confirmed',
      ro: 'E-mail deja confirmat',
      uk: 'Пошту вже підтверджено',
      it: 'E-mail già confermata',
    },
    message: {
      ru: 'Ваш адрес электронной почты уже подтверждён.',
      en: 'Your e-mail address is already confirmed.',
      ro: 'Adresa dvs. de e-mail este deja confirmată.',
      uk: 'Вашу адресу електронної пошти вже підтверджено.',
      it: 'Il tuo indirizzo e-mail è già confermato.',
    },
  },
  IDEMPOTENCY_KEY_REUSED: {
    title: {
      ru: 'Повторный запрос',
      en: 'Duplicate request',
      ro: 'Cerere duplicată',
      uk: 'Повторний запит',
      it: 'Richiesta duplicata',
    },
    message: {
      ru: 'Этот ключ запроса уже использован для другого заказа. Обновите страницу и оформите заказ снова.',
      en: 'This request key was already used for a different order. Reload the page and place the order again.',
      ro: 'Această cheie de cerere a fost deja folosită pentru altă comandă. Reîncărcați pagina și plasați din nou comanda.',
      uk: 'Цей ключ запиту вже використано для іншого замовлення. Оновіть сторінку та оформіть замовлення знову.',
      it: "Questa chiave di richiesta è già stata usata per un altro ordine. Ricarica la pagina ed effettua di nuovo l'ordine.",
    },
  },
  CART_EMPTY: {
    title: {
      ru: 'Корзина пуста',
      en: 'Shopping bag is empty',
      ro: 'Coșul este gol',
      uk: 'Кошик порожній',
      it: 'Il carrello è vuoto',
    },
    message: {
      ru: 'Добавьте товары в корзину, чтобы оформить заказ.',
      en: 'Add products to your shopping bag to place an order.',
      ro: 'Adăugați produse în coș pentru a plasa o comandă.',
      uk: 'Додайте товари до кошика, щоб оформити замовлення.',
      it: 'Aggiungi prodotti al carrello per effettuare un ordine.',
    },
  },
  OUT_OF_STOCK: {
    title: {
      ru: 'Нет в наличии',
      en: 'Out of stock',
      ro: 'Stoc epuizat',
      uk: 'Немає в наявності',
      it: 'Esaurito',
    },
    message: {
      ru: 'Некоторых товаров нет в нужном количестве. Измените количество и попробуйте снова.',
      en: 'Some products are not available in the requested quantity. Change the quantity and try again.',
      ro: 'Unele produse nu sunt disponibile în cantitatea solicitată. Modificați cantitatea și încercați din nou.',
      uk: 'Деяких товарів немає в потрібній кількості. Змініть кількість і спробуйте знову.',
      it: 'Alcuni prodotti non sono disponibili nella quantità richiesta. Modifica la quantità e riprova.',
    },
  },
  INVALID_CURRENT_PASSWORD: {
    title: {
      ru: 'Неверный текущий пароль',
      en: 'Wrong current password',
      ro: 'Parola actuală este greșită',
      uk: 'Неправильний поточний пароль',
      it: 'Password attuale errata',
    },
    message: {
      ru: 'Текущий пароль введён неверно.',
      en: 'The current password you entered is incorrect.',
      ro: 'Parola actuală introdusă este incorectă.',
      uk: 'Поточний пароль введено неправильно.',
      it: 'La password attuale inserita non è corretta.',
    },
  },
  INVALID_TOKEN: {
    title: {
      ru: 'Ссылка недействительна',
      en: 'Link no longer valid',
      ro: 'Link nevalid',
      uk: 'Посилання недійсне',
      it: 'Link non più valido',
    },
    message: {
      ru: 'Ссылка устарела или уже была использована. Запросите новую.',
      en: 'This link has expired or was already used. Please request a new one.',
      ro: 'Linkul a expirat sau a fost deja folosit. Solicitați unul nou.',
      uk: 'Посилання застаріло або вже було використане. Запитайте нове.',
      it: 'Il link è scaduto o è già stato usato. Richiedine uno nuovo.',
    },
  },
  PASSWORD_TOO_COMMON: {
    title: {
      ru: 'Слишком распространённый пароль',
      en: 'Password too common',
      ro: 'Parolă prea răspândită',
      uk: 'Надто поширений пароль',
      it: 'Password troppo comune',
    },
    message: {
      ru: 'Этот пароль из числа самых распространённых — его подбирают первым. Выберите другой, например фразу из нескольких слов.',
      en: 'This password is one of the most common ones, which are tried first. Choose another, such as a phrase of a few words.',
      ro: 'Această parolă este printre cele mai răspândite, care sunt încercate primele. Alegeți alta, de exemplu o frază din câteva cuvinte.',
      uk: 'Цей пароль серед найпоширеніших — його підбирають першим. Оберіть інший, наприклад фразу з кількох слів.',
      it: 'Questa password è tra le più comuni, che vengono provate per prime. Scegline un’altra, ad esempio una frase di qualche parola.',
    },
  },
  RATE_LIMITED: {
    title: {
      ru: 'Слишком много попыток',
      en: 'Too many attempts',
      ro: 'Prea multe încercări',
      uk: 'Забагато спроб',
      it: 'Troppi tentativi',
    },
    message: {
      ru: 'Слишком много запросов. Подождите немного и попробуйте снова.',
      en: 'Too many requests. Please wait a moment and try again.',
      ro: 'Prea multe cereri. Așteptați puțin și încercați din nou.',
      uk: 'Забагато запитів. Зачекайте трохи та спробуйте знову.',
      it: 'Troppe richieste. Attendi un momento e riprova.',
    },
  },
  INTERNAL: {
    title: {
      ru: 'Что-то пошло не так!',
      en: 'Something went wrong!',
      ro: 'Ceva nu a mers bine!',
      uk: 'Щось пішло не так!',
      it: 'Qualcosa è andato storto!',
    },
    message: {
      ru: 'На сервере произошла ошибка. Попробуйте позже.',
      en: 'An error occurred on the server. Please try again later.',
      ro: 'A apărut o eroare pe server. Încercați mai târziu.',
      uk: 'На сервері сталася помилка. Спробуйте пізніше.',
      it: 'Si è verificato un errore sul server. Riprova più tardi.',
    },
  },
  // Card payments (docs/adr/0110-maib-provider.md).
  TERMS_NOT_ACCEPTED: {
    title: {
      ru: 'Нужно согласие с условиями',
      en: 'Terms not accepted',
      ro: 'Termenii nu au fost acceptați',
      uk: 'Потрібна згода з умовами',
      it: 'Condizioni non accettate',
    },
    message: {
      ru: 'Чтобы оплатить заказ картой, примите условия продажи и политику возврата.',
      en: 'To pay by card, please accept the terms of sale and the return policy.',
      ro: 'Pentru a plăti cu cardul, acceptați termenii de vânzare și politica de returnare.',
      uk: 'Щоб оплатити замовлення карткою, прийміть умови продажу та політику повернення.',
      it: 'Per pagare con carta, accetta le condizioni di vendita e la politica di reso.',
    },
  },
  PAYMENT_PROVIDER_ERROR: {
    title: {
      ru: 'Банк отклонил запрос',
      en: 'The bank refused the request',
      ro: 'Banca a refuzat cererea',
      uk: 'Банк відхилив запит',
      it: 'La banca ha rifiutato la richiesta',
    },
    message: {
      ru: 'Платёжный сервис банка не принял запрос. Деньги не списаны; попробуйте ещё раз позже.',
      en: 'The bank’s payment service did not accept the request. No money was taken; please try again later.',
      ro: 'Serviciul de plăți al băncii nu a acceptat cererea. Nu s-au retras bani; încercați din nou mai târziu.',
      uk: 'Платіжний сервіс банку не прийняв запит. Гроші не списано; спробуйте ще раз пізніше.',
      it: 'Il servizio di pagamento della banca non ha accettato la richiesta. Nessun addebito; riprova più tardi.',
    },
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    title: {
      ru: 'Платёжный сервис не отвечает',
      en: 'The payment service is not answering',
      ro: 'Serviciul de plăți nu răspunde',
      uk: 'Платіжний сервіс не відповідає',
      it: 'Il servizio di pagamento non risponde',
    },
    message: {
      ru: 'Банк сейчас не отвечает. Деньги не списаны; попробуйте оплатить через минуту.',
      en: 'The bank is not answering right now. No money was taken; please try to pay again in a minute.',
      ro: 'Banca nu răspunde momentan. Nu s-au retras bani; încercați să plătiți din nou peste un minut.',
      uk: 'Банк зараз не відповідає. Гроші не списано; спробуйте оплатити за хвилину.',
      it: 'La banca al momento non risponde. Nessun addebito; riprova a pagare tra un minuto.',
    },
  },
  SIGNATURE_INVALID: {
    title: {
      ru: 'Неверная подпись',
      en: 'Invalid signature',
      ro: 'Semnătură nevalidă',
      uk: 'Недійсний підпис',
      it: 'Firma non valida',
    },
    message: {
      ru: 'Подпись уведомления не совпадает: уведомление отклонено.',
      en: 'The notification’s signature does not match: it was refused.',
      ro: 'Semnătura notificării nu corespunde: notificarea a fost refuzată.',
      uk: 'Підпис сповіщення не збігається: сповіщення відхилено.',
      it: 'La firma della notifica non corrisponde: è stata rifiutata.',
    },
  },
  PAYMENT_MISMATCH: {
    title: {
      ru: 'Данные платежа не совпадают',
      en: 'Payment data do not match',
      ro: 'Datele plății nu corespund',
      uk: 'Дані платежу не збігаються',
      it: 'I dati del pagamento non corrispondono',
    },
    message: {
      ru: 'Заказ, сумма или валюта в уведомлении не совпадают с платежом.',
      en: 'The order, amount or currency of the notification is not that of the payment.',
      ro: 'Comanda, suma sau moneda din notificare nu sunt cele ale plății.',
      uk: 'Замовлення, сума або валюта в сповіщенні не збігаються з платежем.',
      it: "L'ordine, l'importo o la valuta della notifica non sono quelli del pagamento.",
    },
  },
  CALLBACK_STALE: {
    title: {
      ru: 'Устаревшее уведомление',
      en: 'Outdated notification',
      ro: 'Notificare depășită',
      uk: 'Застаріле сповіщення',
      it: 'Notifica superata',
    },
    message: {
      ru: 'Платёж уже в другом состоянии (например, возвращён): уведомление ничего не меняет.',
      en: 'The payment has moved on (it was refunded, for example): the notification changes nothing.',
      ro: 'Plata este deja în altă stare (de exemplu, rambursată): notificarea nu schimbă nimic.',
      uk: 'Платіж уже в іншому стані (наприклад, повернений): сповіщення нічого не змінює.',
      it: 'Il pagamento è già in un altro stato (ad esempio rimborsato): la notifica non cambia nulla.',
    },
  },
  ...SIGN_UP_ERROR_MESSAGES,
} as const satisfies Record<string, ErrorText>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the answer's language from an Accept-Language header (quality values honoured, `uk-UA` → `uk`).
 * Falls back to English, the spec's second choice after the user's stored language.
 */
export function negotiateLanguage(acceptLanguage: string | undefined, fallback: Language = 'en'): Language {
  if (acceptLanguage === undefined || acceptLanguage === '') return fallback;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return {
        primary: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    if (isLanguage(entry.primary)) return entry.primary;
  }
  return fallback;
}
