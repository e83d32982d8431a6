// The checkout's words in Armenian (հայերեն).
import type { CheckoutMessages } from '../catalogue.js';

// An Armenian noun after a number stays singular ("3 խնդիր"), so no plural rules are needed.
// A sentence ends in the Armenian full stop "։".
const messages: CheckoutMessages = {
  checkoutTitle: 'Վճարում',

  invalidTitle: 'Վճարման էջը ճիշտ կարգավորված չէ',
  loadingTitle: 'Վճարման տվյալները բեռնվում են',
  loadErrorTitle: 'Չհաջողվեց բեռնել վճարման տվյալները',
  expiredTitle: 'Նիստի ժամկետը լրացել է',
  blockedTitle: 'Այս հաշվի համար վճարումներն անհասանելի են',
  verificationTitle: 'Վճարելու համար հաստատեք Ձեր ինքնությունը',
  noBankAccountsTitle: 'Պահպանված բանկային հաշիվ չկա',
  deviceRequiredTitle: 'Անվտանգության ստուգումն անհասանելի է',
  readyTitle: 'Պատրաստ է վճարման',
  submittingTitle: 'Ձեր վճարումը մշակվում է',
  declinedTitle: 'Վճարումը մերժվել է',
  unconfirmedTitle: 'Չհաջողվեց հաստատել Ձեր վճարումը',
  failedTitle: 'Վճարումը չի կատարվել',
  submittedTitle: 'Վճարումն ուղարկվել է բանկ',
  announcement: ({ title }) => `${title}։`,

  invalidBody: ({ count }) =>
    `Այս էջում վճարումներն անհասանելի են։ Կայքի մշակողը պետք է շտկի ${count} խնդիր․`,
  loading: 'Վճարման տվյալները բեռնվում են…',
  loadErrorBody: 'Ստուգեք ինտերնետ կապը և նորից փորձեք։',
  tryAgain: 'Նորից փորձել',
  expiredBody: 'Շարունակելու համար վերաբեռնեք էջը։',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Հնարավոր է, որ ${amount} գումարի Ձեր վճարումն արդեն կատարվել է։ Նախքան կրկին վճարելը ստուգեք Ձեր պատվերները։`,
  notCharged: 'Ձեզնից գումար չի գանձվել։',
  reloadPage: 'Վերաբեռնել էջը',
  blockedBody:
    'Այս հաշվով այստեղ հնարավոր չէ վճարումներ կատարել։ Խնդրում ենք կապվել աջակցման ծառայության հետ։',
  contactSupport: 'Կապվել աջակցման ծառայության հետ',
  checkAgain: 'Կրկին ստուգել',
  verificationBody:
    'Հաստատեք Ձեր ինքնությունը, ապա ընտրեք «Կրկին ստուգել»՝ գնումն ավարտելու համար։',
  verifyIdentity: 'Հաստատել ինքնությունը',
  noBankAccountsBody:
    'Ավելացրեք բանկային հաշիվ Ձեր պրոֆիլում, ապա ընտրեք «Կրկին ստուգել»՝ վճարելու համար։',
  addBankAccount: 'Ավելացնել բանկային հաշիվ',
  declinedBody: ({ account }) =>
    `Ձեր բանկը մերժել է վճարումը ${account} հաշվից։ Ընտրեք մեկ այլ հաշիվ կամ նորից փորձեք այս մեկով։`,
  tryAccountAgain: 'Նորից փորձել այս հաշվով',
  unconfirmedBody: ({ amount, account }) =>
    `Հնարավոր է, որ ${account} հաշվից ${amount} գումարի Ձեր վճարումն արդեն կատարվել է։ Այն ավարտելու համար նորից փորձեք։ Կուղարկվի նույն վճարումը, և գումարը երկու անգամ չի գանձվի։`,
  unconfirmedLocked: 'Հաշիվը և գումարը հնարավոր չէ փոխել, քանի դեռ արդյունքը հայտնի չէ։',
  failedBody: 'Ձեզնից գումար չի գանձվել։ Խնդրում ենք նորից փորձել։',

  deviceChecking: 'Կատարվում է անվտանգության ստուգում…',
  deviceCheckingAnnouncement: 'Կատարվում է անվտանգության ստուգում։',
  deviceFailedTitle: 'Անվտանգության ստուգումը չբեռնվեց',
  deviceFailedBody:
    'Այս գնման համար անհրաժեշտ է սարքի արագ ստուգում։ Անջատեք բովանդակության արգելափակիչները և նորից փորձեք։',
  retryDeviceCheck: 'Կրկնել անվտանգության ստուգումը',
  deviceMissingBody: 'Այս գնման համար անհրաժեշտ է սարքի ստուգում, որը հասանելի չէ այս էջում։',

  orderSummary: 'Պատվերի ամփոփում',
  quantity: ({ quantity }) => `${quantity} հատ`,
  subtotal: 'Միջանկյալ գումար',
  receiptTo: 'Անդորրագրի հասցեն՝',
  settlesIn: 'Հաշվարկ՝',
  payFrom: 'Վճարել հաշվից',
  endingIn: 'վերջին թվանշանները',
  declinedBadge: 'Մերժված է',
  account: ({ alias, last4 }) => `${alias} (վերջին թվանշանները՝ ${last4})`,
  pay: ({ amount }) => `Վճարել ${amount}`,
  retryPayment: ({ amount }) => `Կրկնել ${amount} վճարումը`,
  processing: 'Մշակվում է…',

  authorization: (values) =>
    `Ընտրելով «${values.payLabel}» կոճակը՝ Դուք լիազորում եք ${values.merchantName} վաճառողին ${values.date} կամ դրանից հետո միանվագ գանձել ${values.amount} Ձեր ${values.alias} ••${values.last4} հաշվից։ Դուք կարող եք հետ կանչել այս լիազորությունը՝ դիմելով ${values.merchantContact}, նախքան գանձումը կուղարկվի Ձեր բանկ։`,
  merchantContactFallback: 'վաճառողին',
  authorizationInEnglish: 'Լիազորությունն անգլերենով',

  submittedBody: ({ amount, account, date }) =>
    `${account} հաշվից ${amount} գումարի Ձեր վճարումն ուղարկվել է Ձեր բանկ։ Սպասվող հաշվարկի ամսաթիվը՝ ${date}։`,
  receiptGoesTo: ({ email }) => `Անդորրագիրը կուղարկվի ${email} հասցեին։`,
  reference: 'Վճարման համար',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Վճարումն ուղարկվել է բանկ՝ ${amount} ${account} հաշվից։ Սպասվող հաշվարկի ամսաթիվը՝ ${date}։`,
  authorizationCopyTitle: 'Ձեր լիազորությունը',
  authorizationAccepted: ({ date }) => `Ընդունվել է՝ ${date}։`,
  saveAuthorization: 'Պահպանել լիազորությունը',
  printAuthorization: 'Տպել լիազորությունը',
  authorizationFileName: ({ reference }) => `vcharman-liazorutyun-${reference}.txt`,
};

export default messages;
