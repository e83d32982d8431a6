// The checkout's words in Bulgarian (български).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 проблем", "3 проблема": the form Bulgarian's plural rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('bg').select(count) === 'one' ? 'проблем' : 'проблема'}`;
}

/** A date that ends a sentence: a Bulgarian date may already end in "г.", then its full stop. */
function withFullStop(date: string): string {
  return date.endsWith('.') ? date : `${date}.`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Плащане',

  invalidTitle: 'Плащането не е настроено правилно',
  loadingTitle: 'Зареждане на данните за плащането',
  loadErrorTitle: 'Не успяхме да заредим данните за плащането',
  expiredTitle: 'Сесията Ви изтече',
  blockedTitle: 'Плащанията за този профил не са достъпни',
  verificationTitle: 'Потвърдете самоличността си, за да платите',
  noBankAccountsTitle: 'Няма записана банкова сметка',
  deviceRequiredTitle: 'Проверката за сигурност не е достъпна',
  readyTitle: 'Готово за плащане',
  submittingTitle: 'Обработваме плащането Ви',
  declinedTitle: 'Плащането е отказано',
  unconfirmedTitle: 'Не успяхме да потвърдим плащането Ви',
  failedTitle: 'Плащането не бе извършено',
  submittedTitle: 'Плащането е изпратено към банката',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Плащанията на тази страница не са достъпни. Разработчикът на сайта трябва да отстрани ${problems(count)}:`,
  loading: 'Зареждане на данните за плащането…',
  loadErrorBody: 'Проверете връзката си с интернет и опитайте отново.',
  tryAgain: 'Опитайте отново',
  expiredBody: 'Презаредете страницата, за да продължите.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Възможно е плащането Ви на стойност ${amount} вече да е извършено: проверете поръчките си, преди да платите отново.`,
  notCharged: 'Не е удържана никаква сума.',
  reloadPage: 'Презаредете страницата',
  blockedBody:
    'С този профил не могат да се извършват плащания тук. Моля, свържете се с поддръжката.',
  contactSupport: 'Свържете се с поддръжката',
  checkAgain: 'Проверете отново',
  verificationBody:
    'Потвърдете самоличността си, след което изберете „Проверете отново“, за да завършите покупката.',
  verifyIdentity: 'Потвърдете самоличността си',
  noBankAccountsBody:
    'Добавете банкова сметка към профила си, след което изберете „Проверете отново“, за да платите.',
  addBankAccount: 'Добавете банкова сметка',
  declinedBody: ({ account }) =>
    `Банката Ви отказа плащането от сметка ${account}. Изберете друга сметка или опитайте отново с тази.`,
  tryAccountAgain: 'Опитайте отново с тази сметка',
  unconfirmedBody: ({ amount, account }) =>
    `Възможно е плащането Ви на стойност ${amount} от сметка ${account} вече да е извършено. Опитайте отново, за да го завършите: ще бъде изпратено същото плащане и сумата няма да бъде удържана два пъти.`,
  unconfirmedLocked: 'Сметката и сумата не могат да се променят, докато не разберем резултата.',
  failedBody: 'Не е удържана никаква сума. Моля, опитайте отново.',

  deviceChecking: 'Извършва се проверка за сигурност…',
  deviceCheckingAnnouncement: 'Извършва се проверка за сигурност.',
  deviceFailedTitle: 'Проверката за сигурност не се зареди',
  deviceFailedBody:
    'Тази покупка изисква бърза проверка на устройството. Изключете блокерите на съдържание и опитайте отново.',
  retryDeviceCheck: 'Повторете проверката за сигурност',
  deviceMissingBody:
    'Тази покупка изисква проверка на устройството, която не е достъпна на тази страница.',

  orderSummary: 'Обобщение на поръчката',
  quantity: ({ quantity }) => `${quantity} бр.`,
  subtotal: 'Междинна сума',
  receiptTo: 'Разписката ще бъде изпратена на',
  settlesIn: 'Разплащане в',
  payFrom: 'Плащане от сметка',
  endingIn: 'с последни цифри',
  declinedBadge: 'Отказано',
  account: ({ alias, last4 }) => `${alias} с последни цифри ${last4}`,
  pay: ({ amount }) => `Платете ${amount}`,
  retryPayment: ({ amount }) => `Повторете плащането на ${amount}`,
  processing: 'Обработка…',

  authorization: (values) =>
    `С избирането на бутона „${values.payLabel}“ Вие упълномощавате търговеца ${values.merchantName} да извърши еднократно дебитиране на ${values.amount} от сметка ${values.alias} ••${values.last4} на ${values.date} или след тази дата. Можете да оттеглите това упълномощаване, като се свържете с ${values.merchantContact}, преди дебитирането да бъде изпратено към Вашата банка.`,
  merchantContactFallback: 'търговеца',
  authorizationInEnglish: 'Упълномощаването на английски език',

  submittedBody: ({ amount, account, date }) =>
    `Плащането Ви на стойност ${amount} от сметка ${account} е изпратено към Вашата банка. Очаквана дата на разплащане: ${withFullStop(date)}`,
  receiptGoesTo: ({ email }) => `Разписката ще бъде изпратена на ${email}.`,
  reference: 'Референтен номер',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Плащането е изпратено към банката: ${amount} от сметка ${account}. Очаквана дата на разплащане: ${withFullStop(date)}`,
  authorizationCopyTitle: 'Вашето упълномощаване',
  authorizationAccepted: ({ date }) => `Прието на ${date}.`,
  saveAuthorization: 'Запазете упълномощаването',
  printAuthorization: 'Отпечатайте упълномощаването',
  authorizationFileName: ({ reference }) => `upalnomoshtavane-za-debitirane-${reference}.txt`,
};

export default messages;
