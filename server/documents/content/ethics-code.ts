import type { Lang } from '../../db/reference.ts';
import type { Block, DocumentContent } from '../render.ts';

const h = (text: string): Block => ({ kind: 'heading', text });
const p = (text: string): Block => ({ kind: 'paragraph', text });
const list = (...items: string[]): Block => ({ kind: 'list', items });
const note = (text: string): Block => ({ kind: 'note', text });

const CONTENT: Record<Lang, DocumentContent> = {
  en: {
    title: 'Code of ethics',
    subtitle: 'How distributors of the Company work with customers, partners and each other',
    edition: 'In force from 1 January 2025 · part of the distributor agreement',
    pageLabel: 'Page',
    ofLabel: 'of',
    blocks: [
      h('1. Why this code exists'),
      p(
        'Our business rests on trust: customers trust the products and the people who recommend them, and new distributors trust the picture of the business they are shown. This code sets out the conduct the Company expects from every distributor. By signing the distributor agreement you accept it; the Company may end cooperation with anyone who breaks it.',
      ),
      h('2. Honest presentation of the products'),
      list(
        'Describe products only as the official catalogue and labels describe them. Do not attribute to cosmetics a medical or curative effect.',
        'Do not repackage, relabel or dilute products, and never sell products past their expiry date.',
        'Tell the customer about the ingredients and the patch test recommended for sensitive skin.',
        'Use the Company’s names, logos and pictures only as the brand guidelines allow.',
      ),
      h('3. Honest presentation of the business'),
      p(
        'Never promise a level of income. Earnings depend on each person’s work, sales and team, and most distributors earn a supplementary income. When you show examples, say that they are examples. Never say that joining requires a large purchase: the only condition of registration is the signed agreement, and the starter set is optional.',
      ),
      h('4. Respect for customers'),
      list(
        'Introduce yourself as an independent distributor of the Company and explain how to reach you after the sale.',
        'Give the customer a receipt with the date, the products and the price paid.',
        'A customer may return unopened products within 14 days and receive the full price back; help them do so without delay.',
        'Do not visit or call customers at unreasonable hours and stop contacting anyone who asks you to.',
      ),
      h('5. Relations between distributors'),
      p(
        'Each distributor belongs to the line of the sponsor who signed them. Do not persuade a distributor of another line to move to yours, and do not register relatives or clients under invented names to gain volume. Disagreements between distributors are settled with the help of their sponsors and, if needed, the distributor support service, never in public.',
      ),
      h('6. Personal data'),
      p(
        'The client base in the portal holds personal data entrusted to you. Use it only to serve those clients, do not pass it to third parties, and delete a client’s data at their request. Keep your password secret: every action taken with your account is considered yours.',
      ),
      h('7. Online and social media'),
      list(
        'Make clear in every post that you are an independent distributor, not the Company itself.',
        'Do not buy advertising on the Company’s brand names and do not open shops on marketplaces in the Company’s name.',
        'Do not publish prices lower than the partner price: it harms every other distributor.',
      ),
      h('8. Breaches and sanctions'),
      p(
        'Breaches are examined by the ethics commission, which hears the distributor before it decides. Depending on the gravity it may issue a written warning, suspend bonuses for up to three months, or end the distributor agreement. Repeated or deliberate deception of customers always leads to termination.',
      ),
      note(
        'Questions about this code: the distributor support service, through the contact form of the portal.',
      ),
    ],
  },
  ru: {
    title: 'Кодекс этики',
    subtitle: 'Как дистрибьюторы Компании работают с клиентами, партнёрами и друг с другом',
    edition: 'Действует с 1 января 2025 года · является частью договора дистрибьютора',
    pageLabel: 'Страница',
    ofLabel: 'из',
    blocks: [
      h('1. Зачем нужен кодекс'),
      p(
        'Наш бизнес держится на доверии: клиенты доверяют продукции и людям, которые её рекомендуют, а новые дистрибьюторы доверяют той картине бизнеса, которую им показывают. Кодекс описывает поведение, которого Компания ждёт от каждого дистрибьютора. Подписывая договор дистрибьютора, вы принимаете кодекс; Компания вправе прекратить сотрудничество с тем, кто его нарушает.',
      ),
      h('2. Честное представление продукции'),
      list(
        'Описывайте продукцию только так, как это сделано в официальном каталоге и на этикетках. Не приписывайте косметике медицинского или лечебного действия.',
        'Не переупаковывайте, не переклеивайте этикетки и не разбавляйте продукцию; никогда не продавайте товар с истёкшим сроком годности.',
        'Рассказывайте клиенту о составе и о пробе на небольшом участке кожи, рекомендованной при чувствительной коже.',
        'Используйте названия, логотипы и изображения Компании только так, как разрешает брендбук.',
      ),
      h('3. Честное представление бизнеса'),
      p(
        'Никогда не обещайте определённый уровень дохода. Заработок зависит от работы, продаж и команды каждого, и большинство дистрибьюторов получают дополнительный доход. Показывая примеры, говорите, что это примеры. Не утверждайте, что для вступления нужна крупная покупка: единственное условие регистрации — подписанный договор, а стартовый набор приобретается по желанию.',
      ),
      h('4. Уважение к клиентам'),
      list(
        'Представляйтесь как независимый дистрибьютор Компании и объясняйте, как связаться с вами после покупки.',
        'Выдавайте клиенту чек с датой, перечнем товаров и уплаченной ценой.',
        'Клиент вправе вернуть невскрытую продукцию в течение 14 дней и получить полную стоимость; помогите ему сделать это без промедления.',
        'Не приходите и не звоните клиентам в неподходящее время и прекращайте контакты с каждым, кто об этом просит.',
      ),
      h('5. Отношения между дистрибьюторами'),
      p(
        'Каждый дистрибьютор относится к линии спонсора, который его пригласил. Не уговаривайте дистрибьютора другой линии перейти в вашу и не регистрируйте родственников или клиентов под вымышленными именами ради объёма. Разногласия между дистрибьюторами решаются с помощью их спонсоров и, при необходимости, службы поддержки дистрибьюторов — но никогда публично.',
      ),
      h('6. Персональные данные'),
      p(
        'Клиентская база в портале содержит доверенные вам персональные данные. Используйте их только для обслуживания этих клиентов, не передавайте третьим лицам и удаляйте данные клиента по его просьбе. Храните пароль в тайне: любое действие, совершённое под вашей учётной записью, считается вашим.',
      ),
      h('7. Интернет и социальные сети'),
      list(
        'В каждой публикации ясно указывайте, что вы независимый дистрибьютор, а не сама Компания.',
        'Не покупайте рекламу по торговым маркам Компании и не открывайте магазины на маркетплейсах от её имени.',
        'Не публикуйте цены ниже партнёрских: это вредит всем остальным дистрибьюторам.',
      ),
      h('8. Нарушения и санкции'),
      p(
        'Нарушения рассматривает комиссия по этике, которая выслушивает дистрибьютора до принятия решения. В зависимости от тяжести нарушения она может вынести письменное предупреждение, приостановить выплату бонусов на срок до трёх месяцев или расторгнуть договор дистрибьютора. Повторный или умышленный обман клиентов всегда ведёт к расторжению договора.',
      ),
      note('Вопросы по кодексу: служба поддержки дистрибьюторов, через форму обратной связи портала.'),
    ],
  },
  ro: {
    title: 'Codul de etică',
    subtitle: 'Cum lucrează distribuitorii Companiei cu clienții, partenerii și între ei',
    edition: 'În vigoare din 1 ianuarie 2025 · parte a contractului de distribuitor',
    pageLabel: 'Pagina',
    ofLabel: 'din',
    blocks: [
      h('1. De ce există acest cod'),
      p(
        'Afacerea noastră se sprijină pe încredere: clienții au încredere în produse și în oamenii care le recomandă, iar noii distribuitori au încredere în imaginea afacerii care li se prezintă. Codul descrie conduita pe care Compania o așteaptă de la fiecare distribuitor. Semnând contractul de distribuitor, acceptați codul; Compania poate înceta colaborarea cu oricine îl încalcă.',
      ),
      h('2. Prezentarea onestă a produselor'),
      list(
        'Descrieți produsele doar așa cum le descriu catalogul oficial și etichetele. Nu atribuiți cosmeticelor efecte medicale sau curative.',
        'Nu reambalați, nu reetichetați și nu diluați produsele; nu vindeți niciodată produse expirate.',
        'Informați clientul despre ingrediente și despre testul pe o porțiune mică de piele, recomandat pentru pielea sensibilă.',
        'Folosiți denumirile, siglele și imaginile Companiei doar așa cum permite ghidul de brand.',
      ),
      h('3. Prezentarea onestă a afacerii'),
      p(
        'Nu promiteți niciodată un anumit nivel de venit. Câștigul depinde de munca, vânzările și echipa fiecăruia, iar majoritatea distribuitorilor obțin un venit suplimentar. Când dați exemple, spuneți că sunt exemple. Nu afirmați că pentru înscriere este nevoie de o achiziție mare: singura condiție de înregistrare este contractul semnat, iar setul de start este opțional.',
      ),
      h('4. Respectul față de clienți'),
      list(
        'Prezentați-vă ca distribuitor independent al Companiei și explicați cum vă poate contacta clientul după vânzare.',
        'Oferiți clientului un bon cu data, produsele și prețul plătit.',
        'Clientul poate returna produsele nedesfăcute în termen de 14 zile și primi înapoi prețul integral; ajutați-l să facă acest lucru fără întârziere.',
        'Nu vizitați și nu sunați clienții la ore nepotrivite și încetați orice contact cu cei care vă cer acest lucru.',
      ),
      h('5. Relațiile dintre distribuitori'),
      p(
        'Fiecare distribuitor aparține liniei sponsorului care l-a înregistrat. Nu convingeți un distribuitor din altă linie să treacă în linia dumneavoastră și nu înregistrați rude sau clienți sub nume inventate pentru a obține volum. Neînțelegerile dintre distribuitori se rezolvă cu ajutorul sponsorilor și, la nevoie, al serviciului de asistență pentru distribuitori — niciodată în public.',
      ),
      h('6. Datele personale'),
      p(
        'Baza de clienți din portal conține date personale care v-au fost încredințate. Folosiți-le doar pentru a-i servi pe acești clienți, nu le transmiteți terților și ștergeți datele unui client la cererea acestuia. Păstrați parola secretă: orice acțiune făcută din contul dumneavoastră este considerată a dumneavoastră.',
      ),
      h('7. Internet și rețele sociale'),
      list(
        'Arătați clar în fiecare postare că sunteți distribuitor independent, nu Compania însăși.',
        'Nu cumpărați publicitate pe mărcile Companiei și nu deschideți magazine pe platforme de comerț în numele ei.',
        'Nu publicați prețuri mai mici decât prețul de partener: acest lucru îi dezavantajează pe toți ceilalți distribuitori.',
      ),
      h('8. Încălcări și sancțiuni'),
      p(
        'Încălcările sunt examinate de comisia de etică, care ascultă distribuitorul înainte de a decide. În funcție de gravitate, comisia poate emite un avertisment scris, poate suspenda bonusurile pe o perioadă de până la trei luni sau poate rezilia contractul de distribuitor. Înșelarea repetată sau intenționată a clienților duce întotdeauna la reziliere.',
      ),
      note(
        'Întrebări despre acest cod: serviciul de asistență pentru distribuitori, prin formularul de contact al portalului.',
      ),
    ],
  },
  uk: {
    title: 'Кодекс етики',
    subtitle: 'Як дистриб’ютори Компанії працюють із клієнтами, партнерами та одне з одним',
    edition: 'Діє з 1 січня 2025 року · є частиною договору дистриб’ютора',
    pageLabel: 'Сторінка',
    ofLabel: 'з',
    blocks: [
      h('1. Навіщо потрібен кодекс'),
      p(
        'Наш бізнес тримається на довірі: клієнти довіряють продукції та людям, які її рекомендують, а нові дистриб’ютори довіряють тій картині бізнесу, яку їм показують. Кодекс описує поведінку, якої Компанія очікує від кожного дистриб’ютора. Підписуючи договір дистриб’ютора, ви приймаєте кодекс; Компанія має право припинити співпрацю з тим, хто його порушує.',
      ),
      h('2. Чесне представлення продукції'),
      list(
        'Описуйте продукцію лише так, як це зроблено в офіційному каталозі та на етикетках. Не приписуйте косметиці медичної чи лікувальної дії.',
        'Не перепаковуйте, не переклеюйте етикетки й не розбавляйте продукцію; ніколи не продавайте товар із простроченим терміном придатності.',
        'Розповідайте клієнтові про склад і про пробу на невеликій ділянці шкіри, рекомендовану для чутливої шкіри.',
        'Використовуйте назви, логотипи та зображення Компанії лише так, як дозволяє брендбук.',
      ),
      h('3. Чесне представлення бізнесу'),
      p(
        'Ніколи не обіцяйте певного рівня доходу. Заробіток залежить від роботи, продажів і команди кожного, і більшість дистриб’юторів отримують додатковий дохід. Показуючи приклади, кажіть, що це приклади. Не стверджуйте, що для вступу потрібна велика покупка: єдина умова реєстрації — підписаний договір, а стартовий набір купується за бажанням.',
      ),
      h('4. Повага до клієнтів'),
      list(
        'Представляйтеся як незалежний дистриб’ютор Компанії та пояснюйте, як зв’язатися з вами після покупки.',
        'Видавайте клієнтові чек із датою, переліком товарів і сплаченою ціною.',
        'Клієнт має право повернути нерозкриту продукцію протягом 14 днів і отримати повну вартість; допоможіть йому зробити це без зволікань.',
        'Не приходьте й не телефонуйте клієнтам у невідповідний час і припиняйте контакти з кожним, хто про це просить.',
      ),
      h('5. Стосунки між дистриб’юторами'),
      p(
        'Кожен дистриб’ютор належить до лінії спонсора, який його запросив. Не вмовляйте дистриб’ютора іншої лінії перейти до вашої та не реєструйте родичів чи клієнтів під вигаданими іменами заради обсягу. Розбіжності між дистриб’юторами вирішуються за допомогою їхніх спонсорів і, за потреби, служби підтримки дистриб’юторів — але ніколи публічно.',
      ),
      h('6. Персональні дані'),
      p(
        'Клієнтська база в порталі містить довірені вам персональні дані. Використовуйте їх лише для обслуговування цих клієнтів, не передавайте третім особам і видаляйте дані клієнта на його прохання. Зберігайте пароль у таємниці: будь-яка дія, виконана з вашого облікового запису, вважається вашою.',
      ),
      h('7. Інтернет і соціальні мережі'),
      list(
        'У кожній публікації чітко зазначайте, що ви незалежний дистриб’ютор, а не сама Компанія.',
        'Не купуйте рекламу за торговельними марками Компанії й не відкривайте магазини на маркетплейсах від її імені.',
        'Не публікуйте ціни, нижчі за партнерські: це шкодить усім іншим дистриб’юторам.',
      ),
      h('8. Порушення та санкції'),
      p(
        'Порушення розглядає комісія з етики, яка вислуховує дистриб’ютора до ухвалення рішення. Залежно від тяжкості порушення вона може винести письмове попередження, призупинити виплату бонусів на строк до трьох місяців або розірвати договір дистриб’ютора. Повторний або навмисний обман клієнтів завжди призводить до розірвання договору.',
      ),
      note('Питання щодо кодексу: служба підтримки дистриб’юторів, через форму зворотного зв’язку порталу.'),
    ],
  },
  it: {
    title: 'Codice etico',
    subtitle: 'Come i distributori della Società lavorano con i clienti, i partner e tra di loro',
    edition: 'In vigore dal 1° gennaio 2025 · parte integrante del contratto di distributore',
    pageLabel: 'Pagina',
    ofLabel: 'di',
    blocks: [
      h('1. Perché esiste questo codice'),
      p(
        'La nostra attività si fonda sulla fiducia: i clienti si fidano dei prodotti e delle persone che li consigliano, e i nuovi distributori si fidano dell’immagine dell’attività che viene loro presentata. Il codice descrive la condotta che la Società si aspetta da ogni distributore. Firmando il contratto di distributore accetti il codice; la Società può interrompere la collaborazione con chi lo viola.',
      ),
      h('2. Presentazione onesta dei prodotti'),
      list(
        'Descrivi i prodotti solo come li descrivono il catalogo ufficiale e le etichette. Non attribuire ai cosmetici effetti medici o curativi.',
        'Non riconfezionare, non rietichettare e non diluire i prodotti; non vendere mai prodotti scaduti.',
        'Informa il cliente sugli ingredienti e sulla prova su una piccola zona di pelle, consigliata per le pelli sensibili.',
        'Usa nomi, loghi e immagini della Società solo come previsto dalle linee guida del marchio.',
      ),
      h('3. Presentazione onesta dell’attività'),
      p(
        'Non promettere mai un determinato livello di guadagno. Il guadagno dipende dal lavoro, dalle vendite e dalla squadra di ciascuno, e la maggior parte dei distributori ottiene un reddito integrativo. Quando mostri degli esempi, di’ che si tratta di esempi. Non affermare che per iscriversi serva un acquisto importante: l’unica condizione è il contratto firmato, e il kit di avvio è facoltativo.',
      ),
      h('4. Rispetto per i clienti'),
      list(
        'Presentati come distributore indipendente della Società e spiega come contattarti dopo la vendita.',
        'Consegna al cliente una ricevuta con la data, i prodotti e il prezzo pagato.',
        'Il cliente può restituire i prodotti non aperti entro 14 giorni e ottenere il rimborso dell’intero prezzo; aiutalo a farlo senza ritardi.',
        'Non presentarti e non telefonare ai clienti in orari inopportuni, e interrompi i contatti con chiunque te lo chieda.',
      ),
      h('5. Rapporti tra distributori'),
      p(
        'Ogni distributore appartiene alla linea dello sponsor che lo ha iscritto. Non convincere un distributore di un’altra linea a passare alla tua e non iscrivere parenti o clienti con nomi inventati per ottenere volume. I disaccordi tra distributori si risolvono con l’aiuto dei rispettivi sponsor e, se necessario, del servizio di assistenza ai distributori — mai in pubblico.',
      ),
      h('6. Dati personali'),
      p(
        'La base clienti del portale contiene dati personali che ti sono stati affidati. Usali solo per servire quei clienti, non cederli a terzi e cancella i dati di un cliente su sua richiesta. Mantieni segreta la password: ogni azione compiuta con il tuo account è considerata tua.',
      ),
      h('7. Internet e social network'),
      list(
        'In ogni pubblicazione indica chiaramente che sei un distributore indipendente e non la Società stessa.',
        'Non acquistare pubblicità sui marchi della Società e non aprire negozi sulle piattaforme di vendita a suo nome.',
        'Non pubblicare prezzi inferiori al prezzo partner: danneggia tutti gli altri distributori.',
      ),
      h('8. Violazioni e sanzioni'),
      p(
        'Le violazioni sono esaminate dalla commissione etica, che ascolta il distributore prima di decidere. A seconda della gravità può emettere un richiamo scritto, sospendere i bonus fino a tre mesi o risolvere il contratto di distributore. L’inganno ripetuto o intenzionale dei clienti comporta sempre la risoluzione del contratto.',
      ),
      note(
        'Domande su questo codice: il servizio di assistenza ai distributori, tramite il modulo di contatto del portale.',
      ),
    ],
  },
};

export function ethicsCode(lang: Lang): DocumentContent {
  return CONTENT[lang];
}
