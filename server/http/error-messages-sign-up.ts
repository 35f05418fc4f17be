/**
 * Error codes of the distributor's alias and of signing up under a sponsor (docs/adr/0140-sign-up-under-a-sponsor.md),
 * in every language; `ERROR_MESSAGES` (error-messages.ts) takes them in.
 */
import type { ErrorText } from './error-messages.ts';

export const SIGN_UP_ERROR_MESSAGES = {
  ALIAS_INVALID: {
    title: {
      ru: 'Такой адрес не подходит',
      en: 'This alias cannot be used',
      ro: 'Acest alias nu poate fi folosit',
      uk: 'Така адреса не підходить',
      it: 'Questo alias non può essere usato',
    },
    message: {
      ru: 'От 3 до 30 строчных латинских букв и цифр; дефис только между ними, по одному.',
      en: 'Use 3 to 30 lower-case Latin letters and digits; single hyphens only between them.',
      ro: 'Folosiți 3–30 de litere latine mici și cifre; cratime simple doar între ele.',
      uk: 'Від 3 до 30 малих латинських літер і цифр; дефіс лише між ними, по одному.',
      it: 'Usa da 3 a 30 lettere latine minuscole e cifre; trattini singoli solo tra di esse.',
    },
  },
  ALIAS_RESERVED: {
    title: {
      ru: 'Адрес зарезервирован',
      en: 'Alias reserved',
      ro: 'Alias rezervat',
      uk: 'Адресу зарезервовано',
      it: 'Alias riservato',
    },
    message: {
      ru: 'Этот адрес принадлежит компании или похож на номер дистрибьютора. Выберите другой.',
      en: 'This alias belongs to the company or looks like a distributor number. Please choose another.',
      ro: 'Acest alias aparține companiei sau seamănă cu un număr de distribuitor. Alegeți altul.',
      uk: 'Ця адреса належить компанії або схожа на номер дистриб’ютора. Оберіть іншу.',
      it: 'Questo alias appartiene all’azienda o sembra un numero di distributore. Scegline un altro.',
    },
  },
  ALIAS_TAKEN: {
    title: {
      ru: 'Адрес занят',
      en: 'Alias taken',
      ro: 'Alias ocupat',
      uk: 'Адресу зайнято',
      it: 'Alias già in uso',
    },
    message: {
      ru: 'Этот адрес (или очень похожий на него) уже выбрал другой дистрибьютор.',
      en: 'Another distributor already has this alias (or one that reads the same).',
      ro: 'Alt distribuitor are deja acest alias (sau unul care se citește la fel).',
      uk: 'Цю адресу (або дуже схожу на неї) вже обрав інший дистриб’ютор.',
      it: 'Un altro distributore ha già questo alias (o uno che si legge allo stesso modo).',
    },
  },
  ALIAS_ALREADY_SET: {
    title: {
      ru: 'Адрес уже выбран',
      en: 'Alias already chosen',
      ro: 'Alias deja ales',
      uk: 'Адресу вже обрано',
      it: 'Alias già scelto',
    },
    message: {
      ru: 'Адрес выбирается один раз: ссылки, которые вы уже раздали, должны работать.',
      en: 'An alias is chosen once, so the links you have already shared keep working.',
      ro: 'Aliasul se alege o singură dată, ca linkurile deja trimise să funcționeze în continuare.',
      uk: 'Адресу обирають один раз, щоб посилання, якими ви вже поділилися, працювали.',
      it: 'L’alias si sceglie una volta sola, così i link già condivisi continuano a funzionare.',
    },
  },
  CHALLENGE_FAILED: {
    title: {
      ru: 'Проверка не пройдена',
      en: 'Check not passed',
      ro: 'Verificare nereușită',
      uk: 'Перевірку не пройдено',
      it: 'Verifica non superata',
    },
    message: {
      ru: 'Проверка «я не робот» устарела или уже использована. Отправьте форму ещё раз.',
      en: 'The “not a robot” check has expired or was already used. Please send the form again.',
      ro: 'Verificarea „nu sunt robot” a expirat sau a fost deja folosită. Trimiteți formularul din nou.',
      uk: 'Перевірка «я не робот» застаріла або вже використана. Надішліть форму ще раз.',
      it: 'La verifica “non sono un robot” è scaduta o già usata. Invia di nuovo il modulo.',
    },
  },
  EMAIL_TAKEN: {
    title: {
      ru: 'Почта уже зарегистрирована',
      en: 'E-mail already registered',
      ro: 'E-mail deja înregistrat',
      uk: 'Пошту вже зареєстровано',
      it: 'E-mail già registrata',
    },
    message: {
      ru: 'С этим адресом уже есть учётная запись. Войдите или восстановите пароль.',
      en: 'An account with this address exists. Sign in, or reset your password.',
      ro: 'Există deja un cont cu această adresă. Autentificați-vă sau resetați parola.',
      uk: 'Обліковий запис із цією адресою вже існує. Увійдіть або відновіть пароль.',
      it: 'Esiste già un account con questo indirizzo. Accedi o reimposta la password.',
    },
  },
  PHONE_TAKEN: {
    title: {
      ru: 'Телефон уже зарегистрирован',
      en: 'Phone already registered',
      ro: 'Telefon deja înregistrat',
      uk: 'Телефон уже зареєстровано',
      it: 'Telefono già registrato',
    },
    message: {
      ru: 'Этот номер телефона уже указан в другой учётной записи.',
      en: 'This phone number already belongs to another account.',
      ro: 'Acest număr de telefon aparține deja altui cont.',
      uk: 'Цей номер телефону вже вказано в іншому обліковому записі.',
      it: 'Questo numero di telefono appartiene già a un altro account.',
    },
  },
  UNDER_AGE: {
    title: {
      ru: 'Регистрация с 18 лет',
      en: 'Sign-up from 18',
      ro: 'Înregistrare de la 18 ani',
      uk: 'Реєстрація з 18 років',
      it: 'Iscrizione dai 18 anni',
    },
    message: {
      ru: 'Договор дистрибьютора заключают совершеннолетние: с 18 лет.',
      en: 'The distributor agreement is made with adults: from 18 years of age.',
      ro: 'Contractul de distribuitor se încheie cu persoane majore: de la 18 ani.',
      uk: 'Договір дистриб’ютора укладають повнолітні: з 18 років.',
      it: 'Il contratto di distributore si stipula con maggiorenni: dai 18 anni.',
    },
  },
  CONSENT_REQUIRED: {
    title: {
      ru: 'Нужно согласие',
      en: 'Consent needed',
      ro: 'Este necesar acordul',
      uk: 'Потрібна згода',
      it: 'Consenso necessario',
    },
    message: {
      ru: 'Прочитайте и примите действующие маркетинг-план и кодекс этики.',
      en: 'Please read and accept the current marketing plan and code of ethics.',
      ro: 'Citiți și acceptați planul de marketing și codul de etică în vigoare.',
      uk: 'Прочитайте та прийміть чинні маркетинг-план і кодекс етики.',
      it: 'Leggi e accetta il piano marketing e il codice etico in vigore.',
    },
  },
} as const satisfies Record<string, ErrorText>;
