import { RANKS, type Lang } from '../../db/reference.ts';
import type { Block, DocumentContent } from '../render.ts';

type Words = {
  title: string;
  subtitle: string;
  edition: string;
  columns: [string, string, string, string, string];
  none: string;
  /** '2 × Manager' */
  legs: (count: number, rank: string) => string;
  before: Block[];
  after: Block[];
  pageLabel: string;
  ofLabel: string;
};

const h = (text: string): Block => ({ kind: 'heading', text });
const p = (text: string): Block => ({ kind: 'paragraph', text });
const list = (...items: string[]): Block => ({ kind: 'list', items });

const WORDS: Record<Lang, Words> = {
  en: {
    title: 'Marketing plan',
    subtitle: 'How distributors earn: discounts, volumes, ranks and bonuses',
    edition: 'Edition 2026.2 · amounts in Moldovan lei (MDL) · 1 PV = 30 MDL in bonus calculations',
    columns: ['Rank', 'PV', 'GV', 'First-line legs', 'Group bonus'],
    none: '—',
    legs: (count, rank) => `${count} × ${rank}`,
    pageLabel: 'Page',
    ofLabel: 'of',
    before: [
      h('1. About this plan'),
      p(
        'This plan explains how a distributor earns from the products they buy, sell and recommend, and from building a team. It applies to every distributor registered with the Company in the Republic of Moldova. Every figure in the personal account of the portal — volumes, ranks, bonuses — is calculated by the rules below.',
      ),
      h('2. Key terms'),
      list(
        'PV (personal volume): the points of your own orders completed in the calendar month.',
        'GV (group volume): your PV plus the PV of your whole downline in the same month.',
        'PGV (personal group volume): your GV without the legs headed by a Director or a higher rank; it is the base of your group bonus.',
        'CGV (cumulative group volume): your GV added up month after month since the day you signed.',
        'First line: the distributors you signed personally. A leg is a first-line distributor together with their whole downline.',
        'Active distributor: a distributor with at least 25 PV in the month.',
      ),
      h('3. Your discount and retail profit'),
      p(
        'Distributors buy at partner prices, shown in the catalogue. When you sell to your own clients at the recommended retail price, the difference — usually 20 to 30 per cent — is your retail profit: you earn it at once, and it is not part of the bonus. Products marked “without points” carry no PV; promotional prices keep the full PV of the product unless the promotion says otherwise.',
      ),
      p(
        'Your shop. Every distributor has a shop link: /s/ followed by their alias or their PRN. A client who signs up there buys without becoming a distributor, at the retail price: the recommended retail price where the Company sets one, otherwise the partner price plus 25 per cent, rounded to whole lei; promotional prices are for distributors only. The client pays the Company, and the order is handed over at your warehouse or delivered. A shop client’s order counts as yours: when it is completed its points are added to your PV (and to the GV of everyone above you), and if it is cancelled or returned they are taken back as for your own orders. The client appears in your client base with their orders.',
      ),
      h('4. Ranks and thresholds'),
      p(
        'Your paid-as rank is set anew every month from that month’s volumes; the rank shown in your profile is the highest rank you have reached. To qualify for a rank you need, in the same month, the personal volume, the group volume and the number of first-line legs headed by at least the rank named in the table.',
      ),
    ],
    after: [
      h('5. Group bonus'),
      p(
        'The group bonus is paid on the difference between your percentage and the percentage of each of your legs. Example: you are a Senior Manager (9 %) and one of your legs is headed by a Manager (6 %) with 2,000 PGV in the month. From that leg you earn 9 % − 6 % = 3 % of 2,000 PV, that is 60 PV or 1,800 MDL; on your own 100 PV you earn 9 %, that is 9 PV or 270 MDL. The bonus is paid only for months in which you are active (25 PV or more).',
      ),
      h('6. Leadership bonus'),
      p(
        'From Director upwards, a leg headed by another Director breaks away: its volume no longer counts in your PGV. Instead you receive a leadership bonus of 5 % of that leg’s PGV for every month in which you are a Director or higher. Growing leaders stay independent, and the sponsor who trained them keeps being rewarded.',
      ),
      h('7. Closing the month and payment'),
      p(
        'The month closes at 23:59 on its last day, Chișinău time. Orders completed by then count towards the month; cancelled and returned orders are deducted. Bonuses are calculated in the first five working days and paid to the bank account given in your profile by the 15th of the following month. The portal shows the closed months; the current month is marked as open, and its figures change until it closes.',
      ),
      h('8. Keeping your status'),
      p(
        'A distributor who places no order for twelve consecutive months is deregistered, and their first line moves to their sponsor. A rank once reached stays in your profile, but bonuses are always paid at the rank qualified for in the month.',
      ),
      h('9. Becoming a distributor'),
      p(
        'Anyone aged 18 or over may become a distributor: the distributor agreement is a contract, and 18 is the age of majority in the Republic of Moldova. You join through the invitation link of a distributor, who becomes your sponsor, and you are placed in their first line. A person has one account: an e-mail address or a phone number already registered cannot be used again. By signing up you accept this plan and the Code of ethics in the edition in force, and the portal records which edition you accepted. Your e-mail address must be confirmed before your first order.',
      ),
    ],
  },
  ru: {
    title: 'Маркетинговый план',
    subtitle: 'Как зарабатывает дистрибьютор: скидки, объёмы, ранги и бонусы',
    edition: 'Редакция 2026.2 · суммы в молдавских леях (MDL) · 1 PV = 30 MDL при расчёте бонусов',
    columns: ['Ранг', 'PV', 'GV', 'Ветви первой линии', 'Групповой бонус'],
    none: '—',
    legs: (count, rank) => `${count} × ${rank}`,
    pageLabel: 'Страница',
    ofLabel: 'из',
    before: [
      h('1. О плане'),
      p(
        'Этот план объясняет, как дистрибьютор зарабатывает на продукции, которую покупает, продаёт и рекомендует, а также на построении команды. Он действует для всех дистрибьюторов, зарегистрированных в Компании в Республике Молдова. Все цифры в личном кабинете портала — объёмы, ранги, бонусы — рассчитываются по приведённым ниже правилам.',
      ),
      h('2. Основные понятия'),
      list(
        'PV (личный объём): баллы ваших собственных заказов, выполненных в календарном месяце.',
        'GV (групповой объём): ваш PV плюс PV всей вашей структуры за тот же месяц.',
        'PGV (личный групповой объём): GV без ветвей, которые возглавляет Директор или более высокий ранг; это база вашего группового бонуса.',
        'CGV (накопленный групповой объём): ваш GV, сложенный месяц за месяцем со дня регистрации.',
        'Первая линия: дистрибьюторы, которых вы пригласили лично. Ветвь — это дистрибьютор первой линии вместе со всей его структурой.',
        'Активный дистрибьютор: дистрибьютор, набравший за месяц не менее 25 PV.',
      ),
      h('3. Скидка и розничная прибыль'),
      p(
        'Дистрибьюторы покупают продукцию по партнёрским ценам, указанным в каталоге. Продавая своим клиентам по рекомендованной розничной цене, вы получаете разницу — обычно от 20 до 30 процентов — как розничную прибыль: она ваша сразу и в расчёт бонуса не входит. Товары с пометкой «без баллов» не приносят PV; акционные цены сохраняют полный PV товара, если в условиях акции не сказано иное.',
      ),
      p(
        'Ваш магазин. У каждого дистрибьютора есть ссылка на магазин: /s/ и его псевдоним или PRN. Клиент, зарегистрировавшийся там, покупает, не становясь дистрибьютором, по розничной цене: по рекомендованной розничной цене, если Компания её установила, иначе по партнёрской цене плюс 25 процентов, округлённой до целых леев; акционные цены действуют только для дистрибьюторов. Клиент платит Компании, а заказ выдаётся на вашем складе или доставляется. Заказ клиента магазина считается вашим: когда он выполнен, его баллы добавляются к вашему PV (и к GV всех, кто выше вас), а если он отменён или возвращён, они списываются так же, как по вашим собственным заказам. Клиент появляется в вашей клиентской базе вместе со своими заказами.',
      ),
      h('4. Ранги и пороги'),
      p(
        'Ранг, по которому вам начисляется бонус, определяется заново каждый месяц по объёмам этого месяца; в профиле показывается наивысший достигнутый ранг. Чтобы квалифицироваться на ранг, в одном и том же месяце нужны личный объём, групповой объём и число ветвей первой линии, возглавляемых как минимум указанным в таблице рангом.',
      ),
    ],
    after: [
      h('5. Групповой бонус'),
      p(
        'Групповой бонус выплачивается с разницы между вашим процентом и процентом каждой из ваших ветвей. Пример: вы Старший менеджер (9 %), одну из ваших ветвей возглавляет Менеджер (6 %) с PGV 2 000 за месяц. С этой ветви вы получаете 9 % − 6 % = 3 % от 2 000 PV, то есть 60 PV или 1 800 MDL; с собственных 100 PV — 9 %, то есть 9 PV или 270 MDL. Бонус выплачивается только за месяцы, в которых вы активны (25 PV и более).',
      ),
      h('6. Лидерский бонус'),
      p(
        'Начиная с ранга Директор ветвь, которую возглавляет другой Директор, отделяется: её объём больше не входит в ваш PGV. Взамен вы получаете лидерский бонус — 5 % от PGV этой ветви за каждый месяц, в котором вы квалифицированы как Директор или выше. Так растущие лидеры становятся самостоятельными, а спонсор, который их вырастил, продолжает получать вознаграждение.',
      ),
      h('7. Закрытие месяца и выплата'),
      p(
        'Месяц закрывается в 23:59 последнего дня по времени Кишинёва. В объём месяца входят заказы, выполненные к этому моменту; отменённые и возвращённые заказы вычитаются. Бонусы рассчитываются в первые пять рабочих дней и перечисляются на банковский счёт из вашего профиля до 15-го числа следующего месяца. Портал показывает закрытые месяцы; текущий месяц отмечен как открытый, и его цифры меняются до закрытия.',
      ),
      h('8. Сохранение статуса'),
      p(
        'Дистрибьютор, не сделавший ни одного заказа двенадцать месяцев подряд, исключается из реестра, а его первая линия переходит к его спонсору. Достигнутый ранг остаётся в профиле, но бонус всегда начисляется по рангу, на который вы квалифицировались в данном месяце.',
      ),
      h('9. Как стать дистрибьютором'),
      p(
        'Дистрибьютором может стать любой человек, которому исполнилось 18 лет: договор дистрибьютора — это договор, а 18 лет — возраст совершеннолетия в Республике Молдова. Вы регистрируетесь по ссылке-приглашению дистрибьютора, который становится вашим спонсором, и попадаете в его первую линию. У одного человека одна учётная запись: уже зарегистрированные адрес электронной почты или номер телефона повторно использовать нельзя. Регистрируясь, вы принимаете этот план и Кодекс этики в действующей редакции, и портал сохраняет, какую редакцию вы приняли. Перед первым заказом нужно подтвердить адрес электронной почты.',
      ),
    ],
  },
  ro: {
    title: 'Planul de marketing',
    subtitle: 'Cum câștigă distribuitorul: reduceri, volume, ranguri și bonusuri',
    edition: 'Ediția 2026.2 · sume în lei moldovenești (MDL) · 1 PV = 30 MDL la calculul bonusurilor',
    columns: ['Rang', 'PV', 'GV', 'Ramuri din prima linie', 'Bonus de grup'],
    none: '—',
    legs: (count, rank) => `${count} × ${rank}`,
    pageLabel: 'Pagina',
    ofLabel: 'din',
    before: [
      h('1. Despre acest plan'),
      p(
        'Acest plan explică modul în care un distribuitor câștigă din produsele pe care le cumpără, le vinde și le recomandă, precum și din construirea unei echipe. Se aplică tuturor distribuitorilor înregistrați la Companie în Republica Moldova. Toate cifrele din contul personal al portalului — volume, ranguri, bonusuri — sunt calculate după regulile de mai jos.',
      ),
      h('2. Noțiuni de bază'),
      list(
        'PV (volum personal): punctele comenzilor proprii finalizate în luna calendaristică.',
        'GV (volum de grup): PV-ul dumneavoastră plus PV-ul întregii structuri în aceeași lună.',
        'PGV (volum personal de grup): GV fără ramurile conduse de un Director sau de un rang superior; este baza bonusului de grup.',
        'CGV (volum de grup cumulat): GV-ul adunat lună de lună din ziua înregistrării.',
        'Prima linie: distribuitorii pe care i-ați înregistrat personal. O ramură este un distribuitor din prima linie împreună cu întreaga sa structură.',
        'Distribuitor activ: un distribuitor cu cel puțin 25 PV în lună.',
      ),
      h('3. Reducerea și profitul din vânzări'),
      p(
        'Distribuitorii cumpără la prețuri de partener, afișate în catalog. Când vindeți clienților proprii la prețul de vânzare recomandat, diferența — de obicei între 20 și 30 la sută — este profitul dumneavoastră din vânzări: îl câștigați imediat și nu intră în calculul bonusului. Produsele marcate „fără puncte” nu aduc PV; prețurile promoționale păstrează PV-ul integral al produsului, dacă promoția nu prevede altfel.',
      ),
      p(
        'Magazinul dumneavoastră. Fiecare distribuitor are un link de magazin: /s/ urmat de pseudonimul sau PRN-ul său. Clientul care se înregistrează acolo cumpără fără să devină distribuitor, la prețul de vânzare cu amănuntul: prețul recomandat, acolo unde Compania îl stabilește, altfel prețul de partener plus 25 la sută, rotunjit la lei întregi; prețurile promoționale sunt doar pentru distribuitori. Clientul plătește Companiei, iar comanda se eliberează la depozitul dumneavoastră sau se livrează. Comanda unui client al magazinului se consideră a dumneavoastră: când este finalizată, punctele ei se adaugă la PV-ul dumneavoastră (și la GV-ul tuturor celor de deasupra), iar dacă este anulată sau returnată, se scad la fel ca pentru propriile comenzi. Clientul apare în baza dumneavoastră de clienți, împreună cu comenzile sale.',
      ),
      h('4. Ranguri și praguri'),
      p(
        'Rangul după care vi se calculează bonusul se stabilește din nou în fiecare lună, după volumele acelei luni; în profil apare cel mai înalt rang atins. Pentru a vă califica la un rang aveți nevoie, în aceeași lună, de volumul personal, volumul de grup și numărul de ramuri din prima linie conduse de cel puțin rangul indicat în tabel.',
      ),
    ],
    after: [
      h('5. Bonusul de grup'),
      p(
        'Bonusul de grup se plătește din diferența dintre procentul dumneavoastră și procentul fiecărei ramuri. Exemplu: sunteți Manager superior (9 %), iar una dintre ramuri este condusă de un Manager (6 %) cu un PGV de 2 000 în lună. Din această ramură câștigați 9 % − 6 % = 3 % din 2 000 PV, adică 60 PV sau 1 800 MDL; din propriile 100 PV câștigați 9 %, adică 9 PV sau 270 MDL. Bonusul se plătește doar pentru lunile în care sunteți activ (25 PV sau mai mult).',
      ),
      h('6. Bonusul de lider'),
      p(
        'Începând cu rangul de Director, o ramură condusă de un alt Director se desprinde: volumul ei nu mai intră în PGV-ul dumneavoastră. În schimb primiți un bonus de lider de 5 % din PGV-ul acelei ramuri pentru fiecare lună în care sunteți calificat ca Director sau mai sus. Astfel liderii în creștere devin independenți, iar sponsorul care i-a format continuă să fie răsplătit.',
      ),
      h('7. Închiderea lunii și plata'),
      p(
        'Luna se închide la ora 23:59 a ultimei zile, ora Chișinăului. În volumul lunii intră comenzile finalizate până atunci; comenzile anulate și returnate se scad. Bonusurile se calculează în primele cinci zile lucrătoare și se virează în contul bancar din profil până la data de 15 a lunii următoare. Portalul arată lunile închise; luna curentă este marcată ca deschisă, iar cifrele ei se schimbă până la închidere.',
      ),
      h('8. Păstrarea statutului'),
      p(
        'Distribuitorul care nu plasează nicio comandă timp de douăsprezece luni consecutive este radiat, iar prima sa linie trece la sponsorul său. Rangul atins rămâne în profil, dar bonusul se calculează întotdeauna după rangul pentru care v-ați calificat în luna respectivă.',
      ),
      h('9. Cum devii distribuitor'),
      p(
        'Poate deveni distribuitor orice persoană care a împlinit 18 ani: contractul de distribuitor este un contract, iar 18 ani este vârsta majoratului în Republica Moldova. Te înregistrezi prin linkul de invitație al unui distribuitor, care devine sponsorul tău, și ești plasat în prima sa linie. O persoană are un singur cont: o adresă de e-mail sau un număr de telefon deja înregistrat nu poate fi folosit din nou. La înregistrare accepți acest plan și Codul de etică în ediția în vigoare, iar portalul păstrează ediția pe care ai acceptat-o. Adresa de e-mail trebuie confirmată înainte de prima comandă.',
      ),
    ],
  },
  uk: {
    title: 'Маркетинговий план',
    subtitle: 'Як заробляє дистриб’ютор: знижки, обсяги, ранги та бонуси',
    edition: 'Редакція 2026.2 · суми в молдовських леях (MDL) · 1 PV = 30 MDL під час розрахунку бонусів',
    columns: ['Ранг', 'PV', 'GV', 'Гілки першої лінії', 'Груповий бонус'],
    none: '—',
    legs: (count, rank) => `${count} × ${rank}`,
    pageLabel: 'Сторінка',
    ofLabel: 'з',
    before: [
      h('1. Про план'),
      p(
        'Цей план пояснює, як дистриб’ютор заробляє на продукції, яку купує, продає та рекомендує, а також на побудові команди. Він діє для всіх дистриб’юторів, зареєстрованих у Компанії в Республіці Молдова. Усі цифри в особистому кабінеті порталу — обсяги, ранги, бонуси — розраховуються за наведеними нижче правилами.',
      ),
      h('2. Основні поняття'),
      list(
        'PV (особистий обсяг): бали ваших власних замовлень, виконаних у календарному місяці.',
        'GV (груповий обсяг): ваш PV плюс PV усієї вашої структури за той самий місяць.',
        'PGV (особистий груповий обсяг): GV без гілок, які очолює Директор або вищий ранг; це база вашого групового бонусу.',
        'CGV (накопичений груповий обсяг): ваш GV, складений місяць за місяцем від дня реєстрації.',
        'Перша лінія: дистриб’ютори, яких ви запросили особисто. Гілка — це дистриб’ютор першої лінії разом з усією його структурою.',
        'Активний дистриб’ютор: дистриб’ютор, який набрав за місяць щонайменше 25 PV.',
      ),
      h('3. Знижка та роздрібний прибуток'),
      p(
        'Дистриб’ютори купують продукцію за партнерськими цінами, зазначеними в каталозі. Продаючи своїм клієнтам за рекомендованою роздрібною ціною, ви отримуєте різницю — зазвичай від 20 до 30 відсотків — як роздрібний прибуток: він ваш одразу й до розрахунку бонусу не входить. Товари з позначкою «без балів» не приносять PV; акційні ціни зберігають повний PV товару, якщо умови акції не передбачають іншого.',
      ),
      p(
        'Ваш магазин. Кожен дистриб’ютор має посилання на магазин: /s/ і його псевдонім або PRN. Клієнт, який зареєструвався там, купує, не стаючи дистриб’ютором, за роздрібною ціною: за рекомендованою роздрібною ціною, якщо Компанія її встановила, інакше за партнерською ціною плюс 25 відсотків, округленою до цілих леїв; акційні ціни діють лише для дистриб’юторів. Клієнт платить Компанії, а замовлення видається на вашому складі або доставляється. Замовлення клієнта магазину вважається вашим: коли його виконано, його бали додаються до вашого PV (і до GV усіх, хто вище за вас), а якщо його скасовано чи повернуто, вони списуються так само, як за вашими власними замовленнями. Клієнт з’являється у вашій клієнтській базі разом зі своїми замовленнями.',
      ),
      h('4. Ранги та пороги'),
      p(
        'Ранг, за яким вам нараховується бонус, визначається щомісяця заново за обсягами цього місяця; у профілі показано найвищий досягнутий ранг. Щоб кваліфікуватися на ранг, в одному й тому самому місяці потрібні особистий обсяг, груповий обсяг і кількість гілок першої лінії, які очолює щонайменше зазначений у таблиці ранг.',
      ),
    ],
    after: [
      h('5. Груповий бонус'),
      p(
        'Груповий бонус виплачується з різниці між вашим відсотком і відсотком кожної з ваших гілок. Приклад: ви Старший менеджер (9 %), одну з ваших гілок очолює Менеджер (6 %) із PGV 2 000 за місяць. З цієї гілки ви отримуєте 9 % − 6 % = 3 % від 2 000 PV, тобто 60 PV або 1 800 MDL; із власних 100 PV — 9 %, тобто 9 PV або 270 MDL. Бонус виплачується лише за місяці, у яких ви активні (25 PV і більше).',
      ),
      h('6. Лідерський бонус'),
      p(
        'Починаючи з рангу Директор гілка, яку очолює інший Директор, відокремлюється: її обсяг більше не входить до вашого PGV. Натомість ви отримуєте лідерський бонус — 5 % від PGV цієї гілки за кожен місяць, у якому ви кваліфіковані як Директор або вище. Так лідери, що зростають, стають самостійними, а спонсор, який їх виростив, і далі отримує винагороду.',
      ),
      h('7. Закриття місяця та виплата'),
      p(
        'Місяць закривається о 23:59 останнього дня за часом Кишинева. До обсягу місяця входять замовлення, виконані до цього моменту; скасовані та повернені замовлення віднімаються. Бонуси розраховуються в перші п’ять робочих днів і перераховуються на банківський рахунок із вашого профілю до 15-го числа наступного місяця. Портал показує закриті місяці; поточний місяць позначено як відкритий, і його цифри змінюються до закриття.',
      ),
      h('8. Збереження статусу'),
      p(
        'Дистриб’ютор, який не зробив жодного замовлення дванадцять місяців поспіль, виключається з реєстру, а його перша лінія переходить до його спонсора. Досягнутий ранг залишається в профілі, але бонус завжди нараховується за рангом, на який ви кваліфікувалися в цьому місяці.',
      ),
      h('9. Як стати дистриб’ютором'),
      p(
        'Дистриб’ютором може стати будь-хто, кому виповнилося 18 років: договір дистриб’ютора — це договір, а 18 років — вік повноліття в Республіці Молдова. Ви реєструєтеся за посиланням-запрошенням дистриб’ютора, який стає вашим спонсором, і потрапляєте до його першої лінії. Одна людина має один обліковий запис: уже зареєстровані адресу електронної пошти чи номер телефону повторно використати не можна. Реєструючись, ви приймаєте цей план і Кодекс етики в чинній редакції, і портал зберігає, яку редакцію ви прийняли. Перед першим замовленням потрібно підтвердити адресу електронної пошти.',
      ),
    ],
  },
  it: {
    title: 'Piano marketing',
    subtitle: 'Come guadagna il distributore: sconti, volumi, qualifiche e bonus',
    edition: 'Edizione 2026.2 · importi in lei moldavi (MDL) · 1 PV = 30 MDL nel calcolo dei bonus',
    columns: ['Qualifica', 'PV', 'GV', 'Rami in prima linea', 'Bonus di gruppo'],
    none: '—',
    legs: (count, rank) => `${count} × ${rank}`,
    pageLabel: 'Pagina',
    ofLabel: 'di',
    before: [
      h('1. Informazioni sul piano'),
      p(
        'Questo piano spiega come un distributore guadagna dai prodotti che acquista, vende e consiglia, e dalla costruzione di una squadra. Vale per tutti i distributori registrati presso la Società nella Repubblica di Moldova. Tutti i dati dell’area personale del portale — volumi, qualifiche, bonus — sono calcolati secondo le regole seguenti.',
      ),
      h('2. Termini principali'),
      list(
        'PV (volume personale): i punti dei tuoi ordini completati nel mese solare.',
        'GV (volume di gruppo): il tuo PV più il PV di tutta la tua organizzazione nello stesso mese.',
        'PGV (volume personale di gruppo): il GV senza i rami guidati da un Direttore o da una qualifica superiore; è la base del tuo bonus di gruppo.',
        'CGV (volume di gruppo cumulato): il tuo GV sommato mese dopo mese dal giorno dell’iscrizione.',
        'Prima linea: i distributori che hai iscritto personalmente. Un ramo è un distributore di prima linea insieme a tutta la sua organizzazione.',
        'Distributore attivo: un distributore con almeno 25 PV nel mese.',
      ),
      h('3. Sconto e guadagno sulla vendita'),
      p(
        'I distributori acquistano ai prezzi partner indicati nel catalogo. Quando vendi ai tuoi clienti al prezzo di vendita consigliato, la differenza — di solito tra il 20 e il 30 per cento — è il tuo guadagno sulla vendita: lo incassi subito e non rientra nel calcolo del bonus. I prodotti contrassegnati «senza punti» non generano PV; i prezzi promozionali mantengono il PV pieno del prodotto, salvo diversa indicazione della promozione.',
      ),
      p(
        'Il tuo negozio. Ogni distributore ha un link al proprio negozio: /s/ seguito dal suo alias o dal suo PRN. Il cliente che si registra lì acquista senza diventare distributore, al prezzo al dettaglio: il prezzo di vendita consigliato, dove la Società lo stabilisce, altrimenti il prezzo partner più il 25 per cento, arrotondato ai lei interi; i prezzi promozionali valgono solo per i distributori. Il cliente paga la Società e l’ordine viene consegnato presso il tuo magazzino o spedito. L’ordine di un cliente del negozio conta come tuo: quando è completato, i suoi punti si aggiungono al tuo PV (e al GV di tutti quelli sopra di te), e se viene annullato o reso vengono stornati come per i tuoi ordini. Il cliente compare nella tua base clienti con i suoi ordini.',
      ),
      h('4. Qualifiche e soglie'),
      p(
        'La qualifica con cui ti viene pagato il bonus si stabilisce ogni mese in base ai volumi di quel mese; nel profilo compare la qualifica più alta raggiunta. Per qualificarti servono, nello stesso mese, il volume personale, il volume di gruppo e il numero di rami in prima linea guidati almeno dalla qualifica indicata in tabella.',
      ),
    ],
    after: [
      h('5. Bonus di gruppo'),
      p(
        'Il bonus di gruppo si paga sulla differenza tra la tua percentuale e quella di ciascuno dei tuoi rami. Esempio: sei Manager senior (9 %) e uno dei tuoi rami è guidato da un Manager (6 %) con un PGV di 2.000 nel mese. Da quel ramo guadagni 9 % − 6 % = 3 % di 2.000 PV, cioè 60 PV o 1.800 MDL; sui tuoi 100 PV guadagni il 9 %, cioè 9 PV o 270 MDL. Il bonus viene pagato solo per i mesi in cui sei attivo (25 PV o più).',
      ),
      h('6. Bonus leadership'),
      p(
        'Dalla qualifica di Direttore in su, un ramo guidato da un altro Direttore si separa: il suo volume non entra più nel tuo PGV. In cambio ricevi un bonus leadership del 5 % del PGV di quel ramo per ogni mese in cui sei qualificato Direttore o superiore. Così i nuovi leader diventano indipendenti e lo sponsor che li ha formati continua a essere premiato.',
      ),
      h('7. Chiusura del mese e pagamento'),
      p(
        'Il mese si chiude alle 23:59 dell’ultimo giorno, ora di Chișinău. Nel volume del mese rientrano gli ordini completati entro quel momento; gli ordini annullati e resi vengono detratti. I bonus si calcolano nei primi cinque giorni lavorativi e vengono accreditati sul conto bancario indicato nel profilo entro il 15 del mese successivo. Il portale mostra i mesi chiusi; il mese corrente è segnato come aperto e i suoi dati cambiano fino alla chiusura.',
      ),
      h('8. Mantenimento dello status'),
      p(
        'Il distributore che non effettua alcun ordine per dodici mesi consecutivi viene cancellato e la sua prima linea passa al suo sponsor. La qualifica raggiunta resta nel profilo, ma il bonus si calcola sempre sulla qualifica ottenuta nel mese.',
      ),
      h('9. Come diventare distributore'),
      p(
        'Può diventare distributore chiunque abbia compiuto 18 anni: l’accordo di distributore è un contratto, e 18 anni è la maggiore età nella Repubblica di Moldova. Ti registri con il link di invito di un distributore, che diventa il tuo sponsor, e vieni inserito nella sua prima linea. Una persona ha un solo account: un indirizzo e-mail o un numero di telefono già registrato non può essere usato di nuovo. Registrandoti accetti questo piano e il Codice etico nell’edizione in vigore, e il portale registra quale edizione hai accettato. L’indirizzo e-mail va confermato prima del primo ordine.',
      ),
    ],
  },
};

const number = (lang: Lang, value: number): string =>
  new Intl.NumberFormat({ ru: 'ru-RU', en: 'en-GB', ro: 'ro-RO', uk: 'uk-UA', it: 'it-IT' }[lang]).format(
    value,
  );

export function marketingPlan(lang: Lang): DocumentContent {
  const words = WORDS[lang];
  const titleOf = (code: string | null): string =>
    RANKS.find((rank) => rank.code === code)?.title[lang] ?? '';
  const table: Block = {
    kind: 'table',
    columns: words.columns,
    widths: [3, 1.2, 1.6, 2.8, 1.6],
    rows: RANKS.map((rank) => [
      rank.title[lang],
      number(lang, rank.pv),
      number(lang, rank.gv),
      rank.legs === 0 ? words.none : words.legs(rank.legs, titleOf(rank.legRank)),
      `${rank.bonusPercent} %`,
    ]),
  };
  return {
    title: words.title,
    subtitle: words.subtitle,
    edition: words.edition,
    pageLabel: words.pageLabel,
    ofLabel: words.ofLabel,
    blocks: [...words.before, table, ...words.after],
  };
}
