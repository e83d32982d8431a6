// The checkout's words in Khmer (ខ្មែរ).
import type { CheckoutMessages } from '../catalogue.js';

const messages: CheckoutMessages = {
  checkoutTitle: 'ការទូទាត់ប្រាក់',

  invalidTitle: 'ទំព័រទូទាត់នេះមិនត្រូវបានរៀបចំត្រឹមត្រូវទេ',
  loadingTitle: 'កំពុងផ្ទុកព័ត៌មានលម្អិតនៃការទូទាត់របស់លោកអ្នក',
  loadErrorTitle: 'មិនអាចផ្ទុកព័ត៌មានលម្អិតនៃការទូទាត់របស់លោកអ្នកបានទេ',
  expiredTitle: 'វគ្គរបស់លោកអ្នកបានផុតកំណត់ហើយ',
  blockedTitle: 'គណនីនេះមិនអាចធ្វើការទូទាត់បានទេ',
  verificationTitle: 'សូមផ្ទៀងផ្ទាត់អត្តសញ្ញាណរបស់លោកអ្នក ដើម្បីទូទាត់',
  noBankAccountsTitle: 'មិនមានគណនីធនាគារដែលបានចុះបញ្ជីទេ',
  deviceRequiredTitle: 'មិនអាចធ្វើការត្រួតពិនិត្យសុវត្ថិភាពបានទេ',
  readyTitle: 'រួចរាល់សម្រាប់ការទូទាត់',
  submittingTitle: 'កំពុងដំណើរការការទូទាត់របស់លោកអ្នក',
  declinedTitle: 'ការទូទាត់ត្រូវបានបដិសេធ',
  unconfirmedTitle: 'មិនអាចបញ្ជាក់ការទូទាត់របស់លោកអ្នកបានទេ',
  failedTitle: 'ការទូទាត់មិនបានសម្រេច',
  submittedTitle: 'បានដាក់ស្នើការទូទាត់ហើយ',
  announcement: ({ title }) => `${title}។`,

  invalidBody: ({ count }) => `មិនអាចទូទាត់នៅលើទំព័រនេះបានទេ។ មានបញ្ហាចំនួន ${count} សម្រាប់អ្នកអភិវឌ្ឍគេហទំព័រ៖`,
  loading: 'កំពុងផ្ទុកព័ត៌មានលម្អិតនៃការទូទាត់របស់លោកអ្នក…',
  loadErrorBody: 'សូមពិនិត្យការតភ្ជាប់របស់លោកអ្នក ហើយព្យាយាមម្ដងទៀត។',
  tryAgain: 'ព្យាយាមម្ដងទៀត',
  expiredBody: 'សូមផ្ទុកទំព័រឡើងវិញ ដើម្បីបន្ត។',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `ការទូទាត់ ${amount} របស់លោកអ្នកប្រហែលជាបានដំណើរការរួចហើយ៖ សូមពិនិត្យការបញ្ជាទិញរបស់លោកអ្នក មុននឹងទូទាត់ម្ដងទៀត។`,
  notCharged: 'មិនទាន់មានការកាត់ប្រាក់ពីគណនីរបស់លោកអ្នកទេ។',
  reloadPage: 'ផ្ទុកទំព័រឡើងវិញ',
  blockedBody: 'គណនីនេះមិនអាចធ្វើការទូទាត់នៅទីនេះបានទេ។ សូមទាក់ទងផ្នែកជំនួយ។',
  contactSupport: 'ទាក់ទងផ្នែកជំនួយ',
  checkAgain: 'ពិនិត្យម្ដងទៀត',
  verificationBody: 'សូមបំពេញការផ្ទៀងផ្ទាត់អត្តសញ្ញាណ បន្ទាប់មកពិនិត្យម្ដងទៀត ដើម្បីបញ្ចប់ការទិញរបស់លោកអ្នក។',
  verifyIdentity: 'ផ្ទៀងផ្ទាត់អត្តសញ្ញាណ',
  noBankAccountsBody: 'សូមបន្ថែមគណនីធនាគារទៅក្នុងគណនីរបស់លោកអ្នក បន្ទាប់មកពិនិត្យម្ដងទៀត ដើម្បីទូទាត់។',
  addBankAccount: 'បន្ថែមគណនីធនាគារ',
  declinedBody: ({ account }) =>
    `ធនាគាររបស់លោកអ្នកបានបដិសេធការទូទាត់ពី ${account}។ សូមជ្រើសរើសគណនីផ្សេង ឬព្យាយាមគណនីនេះម្ដងទៀត។`,
  tryAccountAgain: 'ព្យាយាមគណនីនេះម្ដងទៀត',
  unconfirmedBody: ({ amount, account }) =>
    `ការទូទាត់ ${amount} ពី ${account} ប្រហែលជាបានដំណើរការរួចហើយ។ សូមព្យាយាមម្ដងទៀត ដើម្បីបញ្ចប់៖ ការទូទាត់ដដែលនឹងត្រូវផ្ញើម្ដងទៀត ហើយលោកអ្នកនឹងមិនត្រូវកាត់ប្រាក់ពីរដងទេ។`,
  unconfirmedLocked: 'មិនអាចប្ដូរគណនី និងចំនួនទឹកប្រាក់បានទេ រហូតដល់យើងដឹងលទ្ធផល។',
  failedBody: 'មិនទាន់មានការកាត់ប្រាក់ពីគណនីរបស់លោកអ្នកទេ។ សូមព្យាយាមម្ដងទៀត។',

  deviceChecking: 'កំពុងត្រួតពិនិត្យសុវត្ថិភាព…',
  deviceCheckingAnnouncement: 'កំពុងត្រួតពិនិត្យសុវត្ថិភាព។',
  deviceFailedTitle: 'មិនអាចផ្ទុកការត្រួតពិនិត្យសុវត្ថិភាពបានទេ',
  deviceFailedBody: 'ការទិញនេះត្រូវការការត្រួតពិនិត្យឧបករណ៍រហ័សមួយ។ សូមបិទកម្មវិធីទប់ស្កាត់មាតិកា ហើយព្យាយាមម្ដងទៀត។',
  retryDeviceCheck: 'ត្រួតពិនិត្យសុវត្ថិភាពម្ដងទៀត',
  deviceMissingBody: 'ការទិញនេះត្រូវការការត្រួតពិនិត្យឧបករណ៍ ដែលមិនមាននៅលើទំព័រនេះទេ។',

  orderSummary: 'សេចក្ដីសង្ខេបការបញ្ជាទិញ',
  quantity: ({ quantity }) => `ចំនួន ${quantity}`,
  subtotal: 'សរុបរង',
  receiptTo: 'ផ្ញើបង្កាន់ដៃទៅ',
  settlesIn: 'ទូទាត់សងជា',
  payFrom: 'ទូទាត់ពី',
  endingIn: 'បញ្ចប់ដោយ',
  declinedBadge: 'ត្រូវបានបដិសេធ',
  account: ({ alias, last4 }) => `${alias} បញ្ចប់ដោយ ${last4}`,
  pay: ({ amount }) => `ទូទាត់ ${amount}`,
  retryPayment: ({ amount }) => `ព្យាយាមទូទាត់ ${amount} ម្ដងទៀត`,
  processing: 'កំពុងដំណើរការ…',

  authorization: (values) =>
    `ដោយជ្រើសរើស «${values.payLabel}» លោកអ្នកអនុញ្ញាតឱ្យ ${values.merchantName} កាត់ប្រាក់ចំនួន ${values.amount} តែម្ដងគត់ពី ${values.alias} ••${values.last4} នៅថ្ងៃ ${values.date} ឬក្រោយនោះ។ លោកអ្នកអាចដកហូតការអនុញ្ញាតនេះវិញ ដោយទាក់ទង ${values.merchantContact} មុនពេលការកាត់ប្រាក់នេះត្រូវបានផ្ញើទៅធនាគាររបស់លោកអ្នក។`,
  merchantContactFallback: 'អ្នកលក់',
  authorizationInEnglish: 'ការអនុញ្ញាតជាភាសាអង់គ្លេស',

  submittedBody: ({ amount, account, date }) =>
    `ការទូទាត់ ${amount} ពី ${account} ត្រូវបានដាក់ស្នើទៅធនាគាររបស់លោកអ្នកហើយ។ រំពឹងថាប្រតិបត្តិការនេះនឹងត្រូវបានជម្រះនៅថ្ងៃ${date}។`,
  receiptGoesTo: ({ email }) => `បង្កាន់ដៃនឹងត្រូវផ្ញើទៅ ${email}។`,
  reference: 'លេខយោង',
  submittedAnnouncement: ({ amount, account, date }) =>
    `ការទូទាត់ត្រូវបានដាក់ស្នើទៅធនាគារ៖ ${amount} ពី ${account} រំពឹងថានឹងត្រូវបានជម្រះនៅថ្ងៃ${date}។`,
  authorizationCopyTitle: 'ការអនុញ្ញាតរបស់លោកអ្នក',
  authorizationAccepted: ({ date }) => `ពេលវេលាយល់ព្រម៖ ${date}`,
  saveAuthorization: 'រក្សាទុកការអនុញ្ញាតរបស់លោកអ្នក',
  printAuthorization: 'បោះពុម្ពការអនុញ្ញាតរបស់លោកអ្នក',
  authorizationFileName: ({ reference }) => `kar-anunhat-totat-${reference}.txt`,
};

export default messages;
