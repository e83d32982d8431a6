// The checkout's words in Polish (polski).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 problem", "3 problemy", "5 problemów": the form Polish's plural rules choose for the count. */
function problems(count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'problem',
    few: 'problemy',
    many: 'problemów',
  };
  return `${count} ${forms[new Intl.PluralRules('pl').select(count)] ?? 'problemu'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Płatność',

  invalidTitle: 'Płatność nie jest poprawnie skonfigurowana',
  loadingTitle: 'Wczytywanie danych płatności',
  loadErrorTitle: 'Nie udało się wczytać danych płatności',
  expiredTitle: 'Sesja wygasła',
  blockedTitle: 'Płatności z tego konta są niedostępne',
  verificationTitle: 'Potwierdź tożsamość, aby zapłacić',
  noBankAccountsTitle: 'Brak zapisanego konta bankowego',
  deviceRequiredTitle: 'Kontrola bezpieczeństwa jest niedostępna',
  readyTitle: 'Gotowe do zapłaty',
  submittingTitle: 'Przetwarzamy płatność',
  declinedTitle: 'Płatność odrzucona',
  unconfirmedTitle: 'Nie udało się potwierdzić płatności',
  failedTitle: 'Płatność nie powiodła się',
  submittedTitle: 'Płatność przekazana do banku',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Płatności na tej stronie są niedostępne. Twórca strony musi rozwiązać ${problems(count)}:`,
  loading: 'Wczytywanie danych płatności…',
  loadErrorBody: 'Sprawdź połączenie z internetem i spróbuj ponownie.',
  tryAgain: 'Spróbuj ponownie',
  expiredBody: 'Odśwież stronę, aby kontynuować.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Płatność na kwotę ${amount} mogła zostać zrealizowana: sprawdź swoje zamówienia, zanim zapłacisz ponownie.`,
  notCharged: 'Żadne środki nie zostały pobrane.',
  reloadPage: 'Odśwież stronę',
  blockedBody:
    'Z tego konta nie można tutaj dokonywać płatności. Skontaktuj się z obsługą klienta.',
  contactSupport: 'Skontaktuj się z obsługą',
  checkAgain: 'Sprawdź ponownie',
  verificationBody:
    'Przejdź weryfikację tożsamości, a następnie wybierz „Sprawdź ponownie”, aby dokończyć zakup.',
  verifyIdentity: 'Potwierdź tożsamość',
  noBankAccountsBody:
    'Dodaj konto bankowe do swojego profilu, a następnie wybierz „Sprawdź ponownie”, aby zapłacić.',
  addBankAccount: 'Dodaj konto bankowe',
  declinedBody: ({ account }) =>
    `Twój bank odrzucił płatność z konta ${account}. Wybierz inne konto lub spróbuj ponownie z tym samym.`,
  tryAccountAgain: 'Spróbuj ponownie z tym kontem',
  unconfirmedBody: ({ amount, account }) =>
    `Płatność na kwotę ${amount} z konta ${account} mogła zostać zrealizowana. Ponów ją, aby ją dokończyć: zostanie wysłana ta sama płatność, a środki nie zostaną pobrane dwukrotnie.`,
  unconfirmedLocked: 'Konta ani kwoty nie można zmienić, dopóki nie poznamy wyniku.',
  failedBody: 'Żadne środki nie zostały pobrane. Spróbuj ponownie.',

  deviceChecking: 'Trwa kontrola bezpieczeństwa…',
  deviceCheckingAnnouncement: 'Trwa kontrola bezpieczeństwa.',
  deviceFailedTitle: 'Nie udało się wczytać kontroli bezpieczeństwa',
  deviceFailedBody:
    'Ten zakup wymaga szybkiej weryfikacji urządzenia. Wyłącz blokowanie treści i spróbuj ponownie.',
  retryDeviceCheck: 'Ponów kontrolę bezpieczeństwa',
  deviceMissingBody:
    'Ten zakup wymaga weryfikacji urządzenia, która nie jest dostępna na tej stronie.',

  orderSummary: 'Podsumowanie zamówienia',
  quantity: ({ quantity }) => `${quantity} szt.`,
  subtotal: 'Suma częściowa',
  receiptTo: 'Potwierdzenie na adres',
  settlesIn: 'Rozliczenie w',
  payFrom: 'Zapłać z konta',
  endingIn: 'o numerze kończącym się na',
  declinedBadge: 'Odrzucono',
  account: ({ alias, last4 }) => `${alias} o numerze kończącym się na ${last4}`,
  pay: ({ amount }) => `Zapłać ${amount}`,
  retryPayment: ({ amount }) => `Ponów płatność ${amount}`,
  processing: 'Przetwarzanie…',

  authorization: (values) =>
    `Wybierając przycisk „${values.payLabel}”, upoważniasz sprzedawcę ${values.merchantName} do jednorazowego obciążenia konta ${values.alias} ••${values.last4} kwotą ${values.amount} w dniu ${values.date} lub później. Możesz odwołać to upoważnienie, zwracając się do ${values.merchantContact}, zanim obciążenie zostanie przekazane do Twojego banku.`,
  merchantContactFallback: 'sprzedawcy',
  authorizationInEnglish: 'Treść upoważnienia w języku angielskim',

  submittedBody: ({ amount, account, date }) =>
    `Płatność na kwotę ${amount} z konta ${account} została przekazana do Twojego banku. Przewidywana data rozliczenia: ${date}.`,
  receiptGoesTo: ({ email }) => `Potwierdzenie zostanie wysłane na adres ${email}.`,
  reference: 'Numer referencyjny',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Płatność przekazana do banku: ${amount} z konta ${account}. Przewidywana data rozliczenia: ${date}.`,
  authorizationCopyTitle: 'Twoje upoważnienie',
  authorizationAccepted: ({ date }) => `Data udzielenia: ${date}.`,
  saveAuthorization: 'Zapisz upoważnienie',
  printAuthorization: 'Wydrukuj upoważnienie',
  authorizationFileName: ({ reference }) => `upowaznienie-do-obciazenia-${reference}.txt`,
};

export default messages;
