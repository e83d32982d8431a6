// The checkout's words in Ukrainian (українська).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 помилку", "3 помилки", "5 помилок": the form Ukrainian's plural rules choose. */
function errors(count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'помилку',
    few: 'помилки',
    many: 'помилок',
  };
  return `${count} ${forms[new Intl.PluralRules('uk').select(count)] ?? 'помилки'}`;
}

/** A date that ends a sentence: a Ukrainian date may already end in "р.", then its full stop. */
function withFullStop(date: string): string {
  return date.endsWith('.') ? date : `${date}.`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Оплата',

  invalidTitle: 'Форму оплати налаштовано неправильно',
  loadingTitle: 'Завантажуємо дані платежу',
  loadErrorTitle: 'Не вдалося завантажити дані платежу',
  expiredTitle: 'Сеанс закінчився',
  blockedTitle: 'Платежі для цього облікового запису недоступні',
  verificationTitle: 'Підтвердьте свою особу, щоб оплатити',
  noBankAccountsTitle: 'Немає доданого банківського рахунку',
  deviceRequiredTitle: 'Перевірка безпеки недоступна',
  readyTitle: 'Усе готово до оплати',
  submittingTitle: 'Обробляємо платіж',
  declinedTitle: 'Платіж відхилено',
  unconfirmedTitle: 'Не вдалося підтвердити платіж',
  failedTitle: 'Платіж не пройшов',
  submittedTitle: 'Платіж надіслано до банку',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Платежі на цій сторінці недоступні. Розробник сайту має виправити ${errors(count)}:`,
  loading: 'Завантажуємо дані платежу…',
  loadErrorBody: 'Перевірте підключення до інтернету й спробуйте ще раз.',
  tryAgain: 'Спробувати ще раз',
  expiredBody: 'Оновіть сторінку, щоб продовжити.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Можливо, платіж на суму ${amount} уже пройшов: перевірте свої замовлення, перш ніж платити знову.`,
  notCharged: 'Кошти не було списано.',
  reloadPage: 'Оновити сторінку',
  blockedBody:
    'З цього облікового запису тут не можна здійснювати платежі. Зверніться до служби підтримки.',
  contactSupport: 'Звернутися до підтримки',
  checkAgain: 'Перевірити ще раз',
  verificationBody:
    'Пройдіть перевірку особи, а потім натисніть «Перевірити ще раз», щоб завершити покупку.',
  verifyIdentity: 'Підтвердити особу',
  noBankAccountsBody:
    'Додайте банківський рахунок до свого облікового запису, а потім натисніть «Перевірити ще раз», щоб оплатити.',
  addBankAccount: 'Додати банківський рахунок',
  declinedBody: ({ account }) =>
    `Ваш банк відхилив платіж із рахунку ${account}. Виберіть інший рахунок або спробуйте ще раз із цим.`,
  tryAccountAgain: 'Спробувати ще раз із цим рахунком',
  unconfirmedBody: ({ amount, account }) =>
    `Можливо, уже пройшов платіж на суму ${amount} з рахунку ${account}. Повторіть його, щоб завершити: буде надіслано той самий платіж, і кошти не спишуться двічі.`,
  unconfirmedLocked: 'Рахунок і суму не можна змінити, доки ми не дізнаємося результат.',
  failedBody: 'Кошти не було списано. Спробуйте ще раз.',

  deviceChecking: 'Виконується перевірка безпеки…',
  deviceCheckingAnnouncement: 'Виконується перевірка безпеки.',
  deviceFailedTitle: 'Не вдалося завантажити перевірку безпеки',
  deviceFailedBody:
    'Для цієї покупки потрібна швидка перевірка пристрою. Вимкніть блокувальники вмісту й спробуйте ще раз.',
  retryDeviceCheck: 'Повторити перевірку безпеки',
  deviceMissingBody:
    'Для цієї покупки потрібна перевірка пристрою, яка недоступна на цій сторінці.',

  orderSummary: 'Підсумок замовлення',
  quantity: ({ quantity }) => `${quantity} шт.`,
  subtotal: 'Проміжний підсумок',
  receiptTo: 'Квитанцію буде надіслано на',
  settlesIn: 'Розрахунок у',
  payFrom: 'Рахунок для оплати',
  endingIn: 'з номером, що закінчується на',
  declinedBadge: 'Відхилено',
  account: ({ alias, last4 }) => `${alias} з номером, що закінчується на ${last4}`,
  pay: ({ amount }) => `Оплатити ${amount}`,
  retryPayment: ({ amount }) => `Повторити платіж на ${amount}`,
  processing: 'Обробка…',

  authorization: (values) =>
    `Натискаючи кнопку «${values.payLabel}», ви дозволяєте продавцю ${values.merchantName} не раніше ${values.date} одноразово списати ${values.amount} з рахунку ${values.alias} ••${values.last4}. Ви можете відкликати цей дозвіл, звернувшись до ${values.merchantContact}, перш ніж списання буде надіслано до вашого банку.`,
  merchantContactFallback: 'продавця',
  authorizationInEnglish: 'Текст дозволу англійською мовою',

  submittedBody: ({ amount, account, date }) =>
    `До вашого банку надіслано платіж на суму ${amount} з рахунку ${account}. Очікувана дата проведення: ${withFullStop(date)}`,
  receiptGoesTo: ({ email }) => `Квитанцію буде надіслано на ${email}.`,
  reference: 'Номер платежу',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Платіж надіслано до банку: ${amount} з рахунку ${account}. Очікувана дата проведення: ${withFullStop(date)}`,
  authorizationCopyTitle: 'Ваш дозвіл на списання',
  authorizationAccepted: ({ date }) => `Дата згоди: ${date}.`,
  saveAuthorization: 'Зберегти дозвіл',
  printAuthorization: 'Надрукувати дозвіл',
  authorizationFileName: ({ reference }) => `dozvil-na-spysannia-${reference}.txt`,
};

export default messages;
