// The checkout's words in Hungarian (magyar).
import type { CheckoutMessages } from '../catalogue.js';

// A Hungarian noun after a number stays singular ("3 hiba"), so no plural rules are needed.
const messages: CheckoutMessages = {
  checkoutTitle: 'Fizetés',

  invalidTitle: 'A fizetési felület nincs megfelelően beállítva',
  loadingTitle: 'A fizetési adatok betöltése',
  loadErrorTitle: 'Nem sikerült betölteni a fizetési adatokat',
  expiredTitle: 'A munkamenet lejárt',
  blockedTitle: 'Ezzel a fiókkal nem lehet fizetni',
  verificationTitle: 'A fizetéshez igazolja személyazonosságát',
  noBankAccountsTitle: 'Nincs mentett bankszámla',
  deviceRequiredTitle: 'A biztonsági ellenőrzés nem érhető el',
  readyTitle: 'Fizetésre kész',
  submittingTitle: 'A fizetés feldolgozása folyamatban',
  declinedTitle: 'A fizetést elutasították',
  unconfirmedTitle: 'Nem sikerült megerősíteni a fizetést',
  failedTitle: 'A fizetés nem sikerült',
  submittedTitle: 'Fizetés elküldve a banknak',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Ezen az oldalon nem lehet fizetni. A webhely fejlesztőjének ${count} hibát kell kijavítania:`,
  loading: 'Fizetési adatok betöltése…',
  loadErrorBody: 'Ellenőrizze az internetkapcsolatot, és próbálja újra.',
  tryAgain: 'Újrapróbálás',
  expiredBody: 'A folytatáshoz töltse be újra az oldalt.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Lehet, hogy ${amount} összegű fizetése már teljesült: mielőtt újra fizetne, ellenőrizze a rendeléseit.`,
  notCharged: 'Nem történt terhelés.',
  reloadPage: 'Oldal újratöltése',
  blockedBody: 'Ezzel a fiókkal itt nem lehet fizetni. Kérjük, forduljon az ügyfélszolgálathoz.',
  contactSupport: 'Kapcsolatfelvétel az ügyfélszolgálattal',
  checkAgain: 'Újraellenőrzés',
  verificationBody:
    'Igazolja személyazonosságát, majd a vásárlás befejezéséhez válassza az „Újraellenőrzés” lehetőséget.',
  verifyIdentity: 'Személyazonosság igazolása',
  noBankAccountsBody:
    'Adjon hozzá egy bankszámlát a fiókjához, majd a fizetéshez válassza az „Újraellenőrzés” lehetőséget.',
  addBankAccount: 'Bankszámla hozzáadása',
  declinedBody: ({ account }) =>
    `Bankja elutasította a fizetést erről a számláról: ${account}. Válasszon másik számlát, vagy próbálja újra ezzel.`,
  tryAccountAgain: 'Újrapróbálás ezzel a számlával',
  unconfirmedBody: ({ amount, account }) =>
    `Lehet, hogy ${amount} összegű fizetése már teljesült erről a számláról: ${account}. A befejezéshez próbálja újra: ugyanazt a fizetést küldjük el ismét, így nem terheljük meg kétszer.`,
  unconfirmedLocked: 'A számla és az összeg nem módosítható, amíg nem tudjuk az eredményt.',
  failedBody: 'Nem történt terhelés. Kérjük, próbálja újra.',

  deviceChecking: 'Biztonsági ellenőrzés folyamatban…',
  deviceCheckingAnnouncement: 'Biztonsági ellenőrzés folyamatban.',
  deviceFailedTitle: 'A biztonsági ellenőrzés nem töltődött be',
  deviceFailedBody:
    'Ehhez a vásárláshoz gyors eszközellenőrzés szükséges. Kapcsolja ki a tartalomblokkolókat, és próbálja újra.',
  retryDeviceCheck: 'Biztonsági ellenőrzés újra',
  deviceMissingBody:
    'Ehhez a vásárláshoz eszközellenőrzés szükséges, amely ezen az oldalon nem érhető el.',

  orderSummary: 'Rendelés összesítése',
  quantity: ({ quantity }) => `${quantity} db`,
  subtotal: 'Részösszeg',
  receiptTo: 'A nyugtát ide küldjük:',
  settlesIn: 'Elszámolás:',
  payFrom: 'Terhelendő számla',
  endingIn: 'végződése',
  declinedBadge: 'Elutasítva',
  account: ({ alias, last4 }) => `${alias} (${last4} végű)`,
  pay: ({ amount }) => `Fizetés: ${amount}`,
  retryPayment: ({ amount }) => `Fizetés újra: ${amount}`,
  processing: 'Feldolgozás…',

  authorization: (values) =>
    `A(z) „${values.payLabel}” gomb kiválasztásával Ön felhatalmazza a(z) ${values.merchantName} kereskedőt, hogy ${values.date} napján vagy azt követően egyszeri alkalommal ${values.amount} összeggel megterhelje a(z) ${values.alias} ••${values.last4} számláját. Ezt a felhatalmazást visszavonhatja, ha a terhelés bankjához való továbbítása előtt jelzi ezt ${values.merchantContact} felé.`,
  merchantContactFallback: 'a kereskedő',
  authorizationInEnglish: 'A felhatalmazás angol nyelven',

  submittedBody: ({ amount, account, date }) =>
    `Fizetését (${amount}) elküldtük a bankjának, terhelendő számla: ${account}. Várható teljesítés: ${date}.`,
  receiptGoesTo: ({ email }) => `A nyugtát ide küldjük: ${email}.`,
  reference: 'Hivatkozási szám',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Fizetés elküldve a banknak (${amount}), terhelendő számla: ${account}. Várható teljesítés: ${date}.`,
  authorizationCopyTitle: 'Az Ön felhatalmazása',
  authorizationAccepted: ({ date }) => `Elfogadva: ${date}.`,
  saveAuthorization: 'Felhatalmazás mentése',
  printAuthorization: 'Felhatalmazás nyomtatása',
  authorizationFileName: ({ reference }) => `fizetesi-felhatalmazas-${reference}.txt`,
};

export default messages;
