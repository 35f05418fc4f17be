import type { Lang } from '../../db/reference.ts';
import type { Block, DocumentContent } from '../render.ts';

const h = (text: string): Block => ({ kind: 'heading', text });
const p = (text: string): Block => ({ kind: 'paragraph', text });
const list = (...items: string[]): Block => ({ kind: 'list', items });
const note = (text: string): Block => ({ kind: 'note', text });
const table = (columns: string[], rows: string[][]): Block => ({
  kind: 'table',
  columns,
  rows,
  widths: [1.2, 3.4, 2.4],
});

const CONTENT: Record<Lang, DocumentContent> = {
  en: {
    title: 'Qualification 2025',
    subtitle: 'The recognition programme for active distributors and leaders',
    edition: 'Valid from 1 January 2025 until a new programme is announced',
    pageLabel: 'Page',
    ofLabel: 'of',
    blocks: [
      h('1. About the programme'),
      p(
        'Qualification 2025 rewards steady work rather than a single strong month. Every level asks for the same result three months in a row, so that a distributor who builds regular customers and an active team is recognised. The programme runs alongside the marketing plan: it does not change bonuses, it adds rewards and titles on top of them.',
      ),
      h('2. Levels and rewards'),
      table(
        ['Level', 'Conditions (three consecutive closed months)', 'Reward'],
        [
          [
            'Start',
            'PV of at least 50 every month',
            'Starter beauty set and a 5 % extra discount on one order',
          ],
          [
            'Leader',
            'Start achieved; PV 50 and GV 3,000 every month; at least 3 active first-line distributors every month',
            'Two-day leadership seminar in Chișinău, travel and stay paid',
          ],
          [
            'Star',
            'Leader achieved; GV 10,000 every month at the rank of Silver Director or higher',
            'Incentive trip for two or a one-off reward of 25,000 MDL',
          ],
        ],
      ),
      h('3. How the months are counted'),
      list(
        'Only closed months count. The current month appears in the portal, but its figures change until it closes.',
        'The three months must follow each other without a gap; a month below the threshold starts the count again.',
        'The levels are reached in order: Leader requires Start, Star requires Leader.',
        'Volumes are the same PV and GV as in the marketing plan; returned orders are deducted from the month in which they were placed.',
      ),
      h('4. Active partner and fast start'),
      p(
        'Two further recognitions appear in your profile. Active partner is given to a distributor with at least 25 PV in three consecutive months. Fast start is given to a new distributor who reaches the rank of Manager within the first three months after signing; it comes with a reward of 1,000 MDL paid together with that month’s bonus.',
      ),
      h('5. Receiving the rewards'),
      p(
        'A level is recorded on the last day of the third qualifying month and shown in the profile with that date. Rewards are handed over or paid within two months. A reward in kind cannot be exchanged for money, except the Star level, where the distributor chooses. Each level is rewarded once per distributor.',
      ),
      h('6. General conditions'),
      p(
        'The programme is open to every distributor with a signed agreement who follows the code of ethics. Volumes built in breach of the code are not counted, and a reward obtained that way is returned. The Company may refine the programme; changes apply from the month after they are published in the portal and never reduce a level already reached.',
      ),
      note('Your progress towards each level is shown in the portal under Main and Charts.'),
    ],
  },
  ru: {
    title: 'Квалификация 2025',
    subtitle: 'Программа признания активных дистрибьюторов и лидеров',
    edition: 'Действует с 1 января 2025 года до объявления новой программы',
    pageLabel: 'Страница',
    ofLabel: 'из',
    blocks: [
      h('1. О программе'),
      p(
        '«Квалификация 2025» вознаграждает стабильную работу, а не один удачный месяц. Каждый уровень требует одного и того же результата три месяца подряд — так признание получает дистрибьютор, который выстраивает постоянных клиентов и активную команду. Программа работает вместе с маркетинговым планом: она не меняет бонусы, а добавляет к ним награды и звания.',
      ),
      h('2. Уровни и награды'),
      table(
        ['Уровень', 'Условия (три закрытых месяца подряд)', 'Награда'],
        [
          [
            'Старт',
            'PV не менее 50 каждый месяц',
            'Стартовый косметический набор и дополнительная скидка 5 % на один заказ',
          ],
          [
            'Лидер',
            'Достигнут «Старт»; каждый месяц PV 50 и GV 3 000; каждый месяц не менее 3 активных дистрибьюторов первой линии',
            'Двухдневный семинар лидеров в Кишинёве, дорога и проживание оплачены',
          ],
          [
            'Звезда',
            'Достигнут «Лидер»; каждый месяц GV 10 000 в ранге Серебряный директор или выше',
            'Поездка для двоих или разовое вознаграждение 25 000 MDL',
          ],
        ],
      ),
      h('3. Как считаются месяцы'),
      list(
        'Учитываются только закрытые месяцы. Текущий месяц виден в портале, но его цифры меняются до закрытия.',
        'Три месяца должны идти подряд, без перерыва; месяц ниже порога начинает отсчёт заново.',
        'Уровни проходятся по порядку: для «Лидера» нужен «Старт», для «Звезды» — «Лидер».',
        'Объёмы — те же PV и GV, что в маркетинговом плане; возвращённые заказы вычитаются из месяца, в котором были оформлены.',
      ),
      h('4. Активный партнёр и быстрый старт'),
      p(
        'В профиле отмечаются ещё два признания. «Активный партнёр» присваивается дистрибьютору, набравшему не менее 25 PV три месяца подряд. «Быстрый старт» получает новый дистрибьютор, который достиг ранга Менеджер в первые три месяца после регистрации; к нему прилагается вознаграждение 1 000 MDL, выплачиваемое вместе с бонусом за этот месяц.',
      ),
      h('5. Получение наград'),
      p(
        'Уровень фиксируется в последний день третьего квалификационного месяца и отображается в профиле с этой датой. Награды вручаются или выплачиваются в течение двух месяцев. Натуральная награда не заменяется деньгами, кроме уровня «Звезда», где выбор за дистрибьютором. Каждый уровень вознаграждается один раз.',
      ),
      h('6. Общие условия'),
      p(
        'В программе может участвовать каждый дистрибьютор с подписанным договором, соблюдающий кодекс этики. Объёмы, набранные с нарушением кодекса, не учитываются, а полученная таким образом награда возвращается. Компания может уточнять программу; изменения действуют с месяца, следующего за их публикацией в портале, и никогда не отменяют уже достигнутый уровень.',
      ),
      note('Продвижение к каждому уровню показано в портале в разделах «Главная» и «Графики».'),
    ],
  },
  ro: {
    title: 'Calificarea 2025',
    subtitle: 'Programul de recunoaștere a distribuitorilor activi și a liderilor',
    edition: 'Valabil din 1 ianuarie 2025 până la anunțarea unui nou program',
    pageLabel: 'Pagina',
    ofLabel: 'din',
    blocks: [
      h('1. Despre program'),
      p(
        '„Calificarea 2025” răsplătește munca constantă, nu o singură lună bună. Fiecare nivel cere același rezultat trei luni la rând, astfel încât să fie recunoscut distribuitorul care își construiește clienți fideli și o echipă activă. Programul funcționează alături de planul de marketing: nu modifică bonusurile, ci adaugă premii și titluri peste ele.',
      ),
      h('2. Niveluri și premii'),
      table(
        ['Nivel', 'Condiții (trei luni închise consecutive)', 'Premiu'],
        [
          [
            'Start',
            'PV de cel puțin 50 în fiecare lună',
            'Set cosmetic de start și o reducere suplimentară de 5 % la o comandă',
          ],
          [
            'Lider',
            'Nivelul Start atins; în fiecare lună PV 50 și GV 3 000; cel puțin 3 distribuitori activi în prima linie în fiecare lună',
            'Seminar de lideri de două zile la Chișinău, cu transport și cazare plătite',
          ],
          [
            'Stea',
            'Nivelul Lider atins; în fiecare lună GV 10 000 la rangul de Director de argint sau mai sus',
            'Călătorie pentru două persoane sau o recompensă unică de 25 000 MDL',
          ],
        ],
      ),
      h('3. Cum se numără lunile'),
      list(
        'Se iau în calcul doar lunile închise. Luna curentă apare în portal, dar cifrele ei se schimbă până la închidere.',
        'Cele trei luni trebuie să fie consecutive; o lună sub prag reîncepe numărătoarea.',
        'Nivelurile se ating în ordine: pentru Lider este nevoie de Start, pentru Stea — de Lider.',
        'Volumele sunt aceleași PV și GV ca în planul de marketing; comenzile returnate se scad din luna în care au fost plasate.',
      ),
      h('4. Partener activ și start rapid'),
      p(
        'În profil mai apar două recunoașteri. „Partener activ” se acordă distribuitorului cu cel puțin 25 PV trei luni consecutive. „Start rapid” îl primește noul distribuitor care atinge rangul de Manager în primele trei luni de la înregistrare; i se adaugă o recompensă de 1 000 MDL, plătită împreună cu bonusul acelei luni.',
      ),
      h('5. Primirea premiilor'),
      p(
        'Nivelul se înregistrează în ultima zi a celei de-a treia luni de calificare și apare în profil cu această dată. Premiile se înmânează sau se plătesc în termen de două luni. Un premiu în natură nu se schimbă pe bani, cu excepția nivelului Stea, unde alege distribuitorul. Fiecare nivel se premiază o singură dată.',
      ),
      h('6. Condiții generale'),
      p(
        'La program poate participa orice distribuitor cu contract semnat care respectă codul de etică. Volumele obținute cu încălcarea codului nu se iau în calcul, iar premiul obținut astfel se restituie. Compania poate preciza programul; modificările se aplică din luna următoare publicării lor în portal și nu anulează niciodată un nivel deja atins.',
      ),
      note('Progresul spre fiecare nivel este afișat în portal, în secțiunile „Principală” și „Grafice”.'),
    ],
  },
  uk: {
    title: 'Кваліфікація 2025',
    subtitle: 'Програма визнання активних дистриб’юторів і лідерів',
    edition: 'Діє з 1 січня 2025 року до оголошення нової програми',
    pageLabel: 'Сторінка',
    ofLabel: 'з',
    blocks: [
      h('1. Про програму'),
      p(
        '«Кваліфікація 2025» винагороджує стабільну роботу, а не один вдалий місяць. Кожен рівень вимагає того самого результату три місяці поспіль — так визнання отримує дистриб’ютор, який вибудовує постійних клієнтів і активну команду. Програма працює разом із маркетинговим планом: вона не змінює бонуси, а додає до них нагороди та звання.',
      ),
      h('2. Рівні та нагороди'),
      table(
        ['Рівень', 'Умови (три закриті місяці поспіль)', 'Нагорода'],
        [
          [
            'Старт',
            'PV щонайменше 50 щомісяця',
            'Стартовий косметичний набір і додаткова знижка 5 % на одне замовлення',
          ],
          [
            'Лідер',
            'Досягнуто «Старт»; щомісяця PV 50 і GV 3 000; щомісяця щонайменше 3 активні дистриб’ютори першої лінії',
            'Дводенний семінар лідерів у Кишиневі, дорогу та проживання оплачено',
          ],
          [
            'Зірка',
            'Досягнуто «Лідер»; щомісяця GV 10 000 у ранзі Срібний директор або вище',
            'Подорож для двох або одноразова винагорода 25 000 MDL',
          ],
        ],
      ),
      h('3. Як рахуються місяці'),
      list(
        'Враховуються лише закриті місяці. Поточний місяць видно в порталі, але його цифри змінюються до закриття.',
        'Три місяці мають іти поспіль, без перерви; місяць нижче порогу починає відлік заново.',
        'Рівні проходяться по черзі: для «Лідера» потрібен «Старт», для «Зірки» — «Лідер».',
        'Обсяги — ті самі PV і GV, що в маркетинговому плані; повернені замовлення віднімаються від місяця, у якому їх оформлено.',
      ),
      h('4. Активний партнер і швидкий старт'),
      p(
        'У профілі позначаються ще два визнання. «Активний партнер» присвоюється дистриб’ютору, який набрав щонайменше 25 PV три місяці поспіль. «Швидкий старт» отримує новий дистриб’ютор, який досяг рангу Менеджер у перші три місяці після реєстрації; до нього додається винагорода 1 000 MDL, що виплачується разом із бонусом за цей місяць.',
      ),
      h('5. Отримання нагород'),
      p(
        'Рівень фіксується в останній день третього кваліфікаційного місяця й відображається в профілі з цією датою. Нагороди вручаються або виплачуються протягом двох місяців. Натуральна нагорода не замінюється грошима, крім рівня «Зірка», де вибір за дистриб’ютором. Кожен рівень винагороджується один раз.',
      ),
      h('6. Загальні умови'),
      p(
        'У програмі може брати участь кожен дистриб’ютор із підписаним договором, який дотримується кодексу етики. Обсяги, набрані з порушенням кодексу, не враховуються, а отримана в такий спосіб нагорода повертається. Компанія може уточнювати програму; зміни діють із місяця, наступного за їх публікацією в порталі, і ніколи не скасовують уже досягнутий рівень.',
      ),
      note('Поступ до кожного рівня показано в порталі в розділах «Головна» та «Графіки».'),
    ],
  },
  it: {
    title: 'Qualifica 2025',
    subtitle: 'Il programma di riconoscimento per distributori attivi e leader',
    edition: 'Valido dal 1° gennaio 2025 fino all’annuncio di un nuovo programma',
    pageLabel: 'Pagina',
    ofLabel: 'di',
    blocks: [
      h('1. Il programma'),
      p(
        '«Qualifica 2025» premia il lavoro costante, non un solo mese fortunato. Ogni livello chiede lo stesso risultato per tre mesi di fila, così viene riconosciuto il distributore che costruisce clienti abituali e una squadra attiva. Il programma affianca il piano marketing: non modifica i bonus, ma aggiunge premi e titoli.',
      ),
      h('2. Livelli e premi'),
      table(
        ['Livello', 'Condizioni (tre mesi chiusi consecutivi)', 'Premio'],
        [
          [
            'Start',
            'PV di almeno 50 ogni mese',
            'Kit di bellezza di benvenuto e uno sconto aggiuntivo del 5 % su un ordine',
          ],
          [
            'Leader',
            'Livello Start raggiunto; ogni mese PV 50 e GV 3.000; ogni mese almeno 3 distributori attivi in prima linea',
            'Seminario leader di due giorni a Chișinău, viaggio e soggiorno pagati',
          ],
          [
            'Stella',
            'Livello Leader raggiunto; ogni mese GV 10.000 con qualifica di Direttore Argento o superiore',
            'Viaggio premio per due persone o un premio unico di 25.000 MDL',
          ],
        ],
      ),
      h('3. Come si contano i mesi'),
      list(
        'Contano solo i mesi chiusi. Il mese corrente compare nel portale, ma i suoi dati cambiano fino alla chiusura.',
        'I tre mesi devono essere consecutivi; un mese sotto la soglia fa ripartire il conteggio.',
        'I livelli si raggiungono in ordine: per Leader serve Start, per Stella serve Leader.',
        'I volumi sono gli stessi PV e GV del piano marketing; gli ordini resi si detraggono dal mese in cui sono stati effettuati.',
      ),
      h('4. Partner attivo e partenza veloce'),
      p(
        'Nel profilo compaiono altri due riconoscimenti. «Partner attivo» spetta al distributore con almeno 25 PV per tre mesi consecutivi. «Partenza veloce» spetta al nuovo distributore che raggiunge la qualifica di Manager nei primi tre mesi dall’iscrizione; prevede un premio di 1.000 MDL pagato insieme al bonus di quel mese.',
      ),
      h('5. Consegna dei premi'),
      p(
        'Il livello viene registrato l’ultimo giorno del terzo mese di qualifica e compare nel profilo con quella data. I premi vengono consegnati o pagati entro due mesi. Un premio in natura non si converte in denaro, tranne al livello Stella, dove sceglie il distributore. Ogni livello viene premiato una sola volta.',
      ),
      h('6. Condizioni generali'),
      p(
        'Può partecipare al programma ogni distributore con contratto firmato che rispetta il codice etico. I volumi ottenuti violando il codice non vengono conteggiati e il premio così ottenuto va restituito. La Società può precisare il programma; le modifiche valgono dal mese successivo alla loro pubblicazione nel portale e non annullano mai un livello già raggiunto.',
      ),
      note(
        'I progressi verso ogni livello sono visibili nel portale, nelle sezioni «Principale» e «Grafici».',
      ),
    ],
  },
};

export function qualification2025(lang: Lang): DocumentContent {
  return CONTENT[lang];
}
