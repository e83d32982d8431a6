// The checkout's words in Russian (русский).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 ошибку", "3 ошибки", "5 ошибок": the form Russian's plural rules choose for the count. */
function errors(count: number): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {
    one: 'ошибку',
    few: 'ошибки',
    many: 'ошибок',
  };
  return `${count} ${forms[new Intl.PluralRules('ru').select(count)] ?? 'ошибки'}`;
}

/** A date that ends a sentence: a Russian date may already end in "г.", then its full stop. */
function withFullStop(date: string): string {
  return date.endsWith('.') ? date : `${date}.`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Оплата',

  invalidTitle: 'Форма оплаты настроена неправильно',
  loadingTitle: 'Загружаем данные платежа',
  loadErrorTitle: 'Не удалось загрузить данные платежа',
  expiredTitle: 'Сеанс истёк',
  blockedTitle: 'Платежи для этой учётной записи недоступны',
  verificationTitle: 'Подтвердите личность, чтобы оплатить',
  noBankAccountsTitle: 'Нет привязанного банковского счёта',
  deviceRequiredTitle: 'Проверка безопасности недоступна',
  readyTitle: 'Всё готово к оплате',
  submittingTitle: 'Обрабатываем платёж',
  declinedTitle: 'Платёж отклонён',
  unconfirmedTitle: 'Не удалось подтвердить платёж',
  failedTitle: 'Платёж не прошёл',
  submittedTitle: 'Платёж отправлен в банк',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Платежи на этой странице недоступны. Разработчику сайта нужно исправить ${errors(count)}:`,
  loading: 'Загружаем данные платежа…',
  loadErrorBody: 'Проверьте подключение к интернету и повторите попытку.',
  tryAgain: 'Повторить попытку',
  expiredBody: 'Обновите страницу, чтобы продолжить.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Возможно, платёж на сумму ${amount} уже прошёл: проверьте свои заказы, прежде чем платить снова.`,
  notCharged: 'Деньги не были списаны.',
  reloadPage: 'Обновить страницу',
  blockedBody: 'С этой учётной записи здесь нельзя платить. Обратитесь в службу поддержки.',
  contactSupport: 'Связаться с поддержкой',
  checkAgain: 'Проверить снова',
  verificationBody:
    'Пройдите проверку личности, затем нажмите «Проверить снова», чтобы завершить покупку.',
  verifyIdentity: 'Подтвердить личность',
  noBankAccountsBody:
    'Добавьте банковский счёт в свою учётную запись, затем нажмите «Проверить снова», чтобы оплатить.',
  addBankAccount: 'Добавить банковский счёт',
  declinedBody: ({ account }) =>
    `Ваш банк отклонил платёж со счёта ${account}. Выберите другой счёт или попробуйте этот ещё раз.`,
  tryAccountAgain: 'Попробовать этот счёт ещё раз',
  unconfirmedBody: ({ amount, account }) =>
    `Возможно, платёж на сумму ${amount} со счёта ${account} уже прошёл. Повторите его, чтобы завершить: будет отправлен тот же самый платёж, и деньги не спишутся дважды.`,
  unconfirmedLocked: 'Счёт и сумму нельзя изменить, пока мы не узнаем результат.',
  failedBody: 'Деньги не были списаны. Повторите попытку.',

  deviceChecking: 'Выполняется проверка безопасности…',
  deviceCheckingAnnouncement: 'Выполняется проверка безопасности.',
  deviceFailedTitle: 'Проверка безопасности не загрузилась',
  deviceFailedBody:
    'Для этой покупки нужна быстрая проверка устройства. Отключите блокировщики контента и повторите попытку.',
  retryDeviceCheck: 'Повторить проверку безопасности',
  deviceMissingBody:
    'Для этой покупки нужна проверка устройства, но на этой странице она недоступна.',

  orderSummary: 'Состав заказа',
  quantity: ({ quantity }) => `${quantity} шт.`,
  subtotal: 'Промежуточный итог',
  receiptTo: 'Квитанция на адрес',
  settlesIn: 'Расчёт в',
  payFrom: 'Счёт для оплаты',
  endingIn: 'с окончанием',
  declinedBadge: 'Отклонено',
  account: ({ alias, last4 }) => `${alias} с окончанием ${last4}`,
  pay: ({ amount }) => `Оплатить ${amount}`,
  retryPayment: ({ amount }) => `Повторить платёж на ${amount}`,
  processing: 'Обработка…',

  authorization: (values) =>
    `Нажимая кнопку «${values.payLabel}», вы разрешаете продавцу ${values.merchantName} не ранее ${values.date} однократно списать ${values.amount} со счёта ${values.alias} ••${values.last4}. Вы можете отозвать это разрешение, связавшись с ${values.merchantContact} до того, как списание будет отправлено в ваш банк.`,
  merchantContactFallback: 'продавцом',
  authorizationInEnglish: 'Текст разрешения на английском языке',

  submittedBody: ({ amount, account, date }) =>
    `Платёж на сумму ${amount} со счёта ${account} отправлен в ваш банк. Ожидаемая дата проведения: ${withFullStop(date)}`,
  receiptGoesTo: ({ email }) => `Квитанция будет отправлена на ${email}.`,
  reference: 'Номер платежа',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Платёж отправлен в банк: ${amount} со счёта ${account}. Ожидаемая дата проведения: ${withFullStop(date)}`,
  authorizationCopyTitle: 'Ваше разрешение на списание',
  authorizationAccepted: ({ date }) => `Дата согласия: ${date}.`,
  saveAuthorization: 'Сохранить разрешение',
  printAuthorization: 'Распечатать разрешение',
  authorizationFileName: ({ reference }) => `razreshenie-na-spisanie-${reference}.txt`,
};

export default messages;
