// The checkout's words in Maltese (Malti).
import type { CheckoutMessages } from '../catalogue.js';

/**
 * "1 problema", "3 problemi", "11 problema": the form Maltese's rules choose for the count. The
 * noun is plural after 2 to 10 ("two" and "few", which also holds 0) and singular after 1 and
 * from 11 on ("one", "many" and "other").
 */
function problems(count: number): string {
  const category = new Intl.PluralRules('mt').select(count);
  return `${count} ${category === 'two' || category === 'few' ? 'problemi' : 'problema'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Ħlas',

  invalidTitle: 'Dan il-modulu tal-ħlas mhuwiex konfigurat sew',
  loadingTitle: 'Qed jitgħabbew id-dettalji tal-ħlas tiegħek',
  loadErrorTitle: 'Ma rnexxilniex ngħabbu d-dettalji tal-ħlas tiegħek',
  expiredTitle: 'Is-sessjoni tiegħek skadiet',
  blockedTitle: 'Il-ħlasijiet mhumiex disponibbli għal dan il-kont',
  verificationTitle: 'Ivverifika l-identità tiegħek biex tħallas',
  noBankAccountsTitle: "M'hemm l-ebda kont bankarju rreġistrat",
  deviceRequiredTitle: 'Il-verifika tas-sigurtà mhijiex disponibbli',
  readyTitle: 'Lest biex tħallas',
  submittingTitle: 'Qed jiġi pproċessat il-ħlas tiegħek',
  declinedTitle: 'Il-ħlas ġie rrifjutat',
  unconfirmedTitle: 'Ma rnexxilniex nikkonfermaw il-ħlas tiegħek',
  failedTitle: 'Il-ħlas ma għaddiex',
  submittedTitle: 'Il-ħlas ġie sottomess',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Il-ħlasijiet mhumiex disponibbli f'din il-paġna. ${problems(count)} għall-iżviluppaturi tas-sit:`,
  loading: 'Qed jitgħabbew id-dettalji tal-ħlas tiegħek…',
  loadErrorBody: "Iċċekkja l-konnessjoni tiegħek u erġa' pprova.",
  tryAgain: "Erġa' pprova",
  expiredBody: 'Aġġorna l-paġna biex tkompli.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Il-ħlas tiegħek ta' ${amount} seta' għadda: iċċekkja l-ordnijiet tiegħek qabel ma terġa' tħallas.`,
  notCharged: 'Ma ġiet debitata l-ebda somma.',
  reloadPage: 'Aġġorna l-paġna',
  blockedBody:
    'Dan il-kont ma jistax jagħmel ħlasijiet hawn. Jekk jogħġbok ikkuntattja lis-servizz tal-klijenti.',
  contactSupport: 'Ikkuntattja s-servizz tal-klijenti',
  checkAgain: 'Iċċekkja mill-ġdid',
  verificationBody:
    'Temm il-verifika tal-identità, imbagħad iċċekkja mill-ġdid biex tlesti x-xiri tiegħek.',
  verifyIdentity: 'Ivverifika l-identità tiegħek',
  noBankAccountsBody:
    'Żid kont bankarju mal-profil tiegħek, imbagħad iċċekkja mill-ġdid biex tħallas.',
  addBankAccount: 'Żid kont bankarju',
  declinedBody: ({ account }) =>
    `Il-bank tiegħek irrifjuta l-ħlas mill-kont ${account}. Agħżel kont ieħor, jew erġa' pprova b'dan il-kont.`,
  tryAccountAgain: "Erġa' pprova b'dan il-kont",
  unconfirmedBody: ({ amount, account }) =>
    `Il-ħlas tiegħek ta' ${amount} mill-kont ${account} seta' għadda. Erġa' pprova biex tlestih: jintbagħat l-istess ħlas mill-ġdid, u l-ammont ma jiġix iddebitat darbtejn.`,
  unconfirmedLocked: 'Il-kont u l-ammont ma jistgħux jinbidlu sakemm inkunu nafu r-riżultat.',
  failedBody: "Ma ġiet debitata l-ebda somma. Jekk jogħġbok erġa' pprova.",

  deviceChecking: 'Qed issir verifika tas-sigurtà…',
  deviceCheckingAnnouncement: 'Qed issir verifika tas-sigurtà.',
  deviceFailedTitle: 'Il-verifika tas-sigurtà ma tgħabbietx',
  deviceFailedBody:
    "Dan ix-xiri jeħtieġ verifika qasira tal-apparat. Itfi l-estensjonijiet li jimblukkaw il-kontenut u erġa' pprova.",
  retryDeviceCheck: "Erġa' agħmel il-verifika tas-sigurtà",
  deviceMissingBody:
    "Dan ix-xiri jeħtieġ verifika tal-apparat li mhijiex disponibbli f'din il-paġna.",

  orderSummary: 'Sommarju tal-ordni',
  quantity: ({ quantity }) => `Kwantità: ${quantity}`,
  subtotal: 'Total parzjali',
  receiptTo: 'Irċevuta lil',
  settlesIn: 'Is-saldu jsir bi',
  payFrom: 'Ħallas minn',
  endingIn: 'li jispiċċa bin-numri',
  declinedBadge: 'Irrifjutat',
  account: ({ alias, last4 }) => `${alias} li jispiċċa bin-numri ${last4}`,
  pay: ({ amount }) => `Ħallas ${amount}`,
  retryPayment: ({ amount }) => `Erġa' pprova l-ħlas ta' ${amount}`,
  processing: 'Qed jiġi pproċessat…',

  authorization: (values) =>
    `Billi tagħżel “${values.payLabel}”, qed tawtorizza lil ${values.merchantName} biex jagħmel debitu ta' darba waħda ta' ${values.amount} mill-kont ${values.alias} ••${values.last4} mhux qabel ${values.date}. Tista' tirrevoka din l-awtorizzazzjoni billi tikkuntattja ${values.merchantContact} qabel ma d-debitu jintbagħat lill-bank tiegħek.`,
  merchantContactFallback: 'lill-bejjiegħ',
  authorizationInEnglish: 'L-awtorizzazzjoni bl-Ingliż',

  submittedBody: ({ amount, account, date }) =>
    `Il-ħlas tiegħek ta' ${amount} mill-kont ${account} intbagħat lill-bank tiegħek. Data mistennija tas-saldu: ${date}.`,
  receiptGoesTo: ({ email }) => `Irċevuta se tintbagħat lil ${email}.`,
  reference: 'Referenza',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Il-ħlas ġie sottomess: ${amount} mill-kont ${account}. Data mistennija tas-saldu: ${date}.`,
  authorizationCopyTitle: 'L-awtorizzazzjoni tiegħek',
  authorizationAccepted: ({ date }) => `Aċċettata: ${date}.`,
  saveAuthorization: 'Aħżen l-awtorizzazzjoni tiegħek',
  printAuthorization: 'Ipprintja l-awtorizzazzjoni tiegħek',
  authorizationFileName: ({ reference }) => `awtorizzazzjoni-tal-hlas-${reference}.txt`,
};

export default messages;
