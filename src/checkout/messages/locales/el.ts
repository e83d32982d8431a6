// The checkout's words in Greek (Ελληνικά).
import type { CheckoutMessages } from '../catalogue.js';

/** "1 πρόβλημα", "3 προβλήματα": the form Greek's plural rules choose for the count. */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('el').select(count) === 'one' ? 'πρόβλημα' : 'προβλήματα'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Πληρωμή',

  invalidTitle: 'Η πληρωμή δεν έχει ρυθμιστεί σωστά',
  loadingTitle: 'Φόρτωση στοιχείων πληρωμής',
  loadErrorTitle: 'Δεν ήταν δυνατή η φόρτωση των στοιχείων πληρωμής',
  expiredTitle: 'Η συνεδρία σας έληξε',
  blockedTitle: 'Οι πληρωμές δεν είναι διαθέσιμες για αυτόν τον λογαριασμό',
  verificationTitle: 'Επαληθεύστε την ταυτότητά σας για να πληρώσετε',
  noBankAccountsTitle: 'Δεν υπάρχει καταχωρισμένος τραπεζικός λογαριασμός',
  deviceRequiredTitle: 'Ο έλεγχος ασφαλείας δεν είναι διαθέσιμος',
  readyTitle: 'Έτοιμο για πληρωμή',
  submittingTitle: 'Γίνεται επεξεργασία της πληρωμής σας',
  declinedTitle: 'Η πληρωμή απορρίφθηκε',
  unconfirmedTitle: 'Δεν ήταν δυνατή η επιβεβαίωση της πληρωμής σας',
  failedTitle: 'Η πληρωμή δεν πραγματοποιήθηκε',
  submittedTitle: 'Η πληρωμή υποβλήθηκε στην τράπεζα',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Οι πληρωμές δεν είναι διαθέσιμες σε αυτή τη σελίδα. Ο προγραμματιστής του ιστότοπου πρέπει να διορθώσει ${problems(count)}:`,
  loading: 'Φόρτωση στοιχείων πληρωμής…',
  loadErrorBody: 'Ελέγξτε τη σύνδεσή σας και δοκιμάστε ξανά.',
  tryAgain: 'Δοκιμάστε ξανά',
  expiredBody: 'Ανανεώστε τη σελίδα για να συνεχίσετε.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Η πληρωμή σας ύψους ${amount} μπορεί να έχει πραγματοποιηθεί: ελέγξτε τις παραγγελίες σας πριν πληρώσετε ξανά.`,
  notCharged: 'Δεν έχετε χρεωθεί.',
  reloadPage: 'Ανανέωση σελίδας',
  blockedBody:
    'Αυτός ο λογαριασμός δεν μπορεί να πραγματοποιήσει πληρωμές εδώ. Επικοινωνήστε με την υποστήριξη.',
  contactSupport: 'Επικοινωνία με την υποστήριξη',
  checkAgain: 'Νέος έλεγχος',
  verificationBody:
    'Επαληθεύστε την ταυτότητά σας και, στη συνέχεια, επιλέξτε «Νέος έλεγχος» για να ολοκληρώσετε την αγορά σας.',
  verifyIdentity: 'Επαλήθευση ταυτότητας',
  noBankAccountsBody:
    'Προσθέστε έναν τραπεζικό λογαριασμό στον λογαριασμό σας και, στη συνέχεια, επιλέξτε «Νέος έλεγχος» για να πληρώσετε.',
  addBankAccount: 'Προσθήκη τραπεζικού λογαριασμού',
  declinedBody: ({ account }) =>
    `Η τράπεζά σας απέρριψε την πληρωμή από τον λογαριασμό ${account}. Επιλέξτε άλλον λογαριασμό ή δοκιμάστε ξανά με αυτόν.`,
  tryAccountAgain: 'Δοκιμάστε ξανά με αυτόν τον λογαριασμό',
  unconfirmedBody: ({ amount, account }) =>
    `Η πληρωμή σας ύψους ${amount} από τον λογαριασμό ${account} μπορεί να έχει πραγματοποιηθεί. Δοκιμάστε ξανά για να την ολοκληρώσετε: θα σταλεί ξανά η ίδια πληρωμή και δεν θα χρεωθείτε δύο φορές.`,
  unconfirmedLocked:
    'Ο λογαριασμός και το ποσό δεν μπορούν να αλλάξουν μέχρι να μάθουμε το αποτέλεσμα.',
  failedBody: 'Δεν έχετε χρεωθεί. Δοκιμάστε ξανά.',

  deviceChecking: 'Εκτελείται έλεγχος ασφαλείας…',
  deviceCheckingAnnouncement: 'Εκτελείται έλεγχος ασφαλείας.',
  deviceFailedTitle: 'Ο έλεγχος ασφαλείας δεν φορτώθηκε',
  deviceFailedBody:
    'Αυτή η αγορά απαιτεί έναν γρήγορο έλεγχο συσκευής. Απενεργοποιήστε τα προγράμματα αποκλεισμού περιεχομένου και δοκιμάστε ξανά.',
  retryDeviceCheck: 'Επανάληψη ελέγχου ασφαλείας',
  deviceMissingBody:
    'Αυτή η αγορά απαιτεί έλεγχο συσκευής, ο οποίος δεν είναι διαθέσιμος σε αυτή τη σελίδα.',

  orderSummary: 'Σύνοψη παραγγελίας',
  quantity: ({ quantity }) => `Ποσότητα: ${quantity}`,
  subtotal: 'Μερικό σύνολο',
  receiptTo: 'Η απόδειξη θα σταλεί στο',
  settlesIn: 'Διακανονισμός σε',
  payFrom: 'Πληρωμή από',
  endingIn: 'που λήγει σε',
  declinedBadge: 'Απορρίφθηκε',
  account: ({ alias, last4 }) => `${alias} που λήγει σε ${last4}`,
  pay: ({ amount }) => `Πληρωμή ${amount}`,
  retryPayment: ({ amount }) => `Επανάληψη πληρωμής ${amount}`,
  processing: 'Επεξεργασία…',

  authorization: (values) =>
    `Επιλέγοντας «${values.payLabel}», εξουσιοδοτείτε τον έμπορο ${values.merchantName} να χρεώσει εφάπαξ τον λογαριασμό ${values.alias} ••${values.last4} με το ποσό των ${values.amount} στις ${values.date} ή μεταγενέστερα. Μπορείτε να ανακαλέσετε αυτή την εξουσιοδότηση επικοινωνώντας με ${values.merchantContact} πριν από την αποστολή της χρέωσης στην τράπεζά σας.`,
  merchantContactFallback: 'τον έμπορο',
  authorizationInEnglish: 'Η εξουσιοδότηση στα αγγλικά',

  submittedBody: ({ amount, account, date }) =>
    `Η πληρωμή σας ύψους ${amount} από τον λογαριασμό ${account} υποβλήθηκε στην τράπεζά σας. Αναμενόμενη ημερομηνία εκκαθάρισης: ${date}.`,
  receiptGoesTo: ({ email }) => `Η απόδειξη θα σταλεί στο ${email}.`,
  reference: 'Κωδικός αναφοράς',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Η πληρωμή υποβλήθηκε στην τράπεζα: ${amount} από τον λογαριασμό ${account}. Αναμενόμενη ημερομηνία εκκαθάρισης: ${date}.`,
  authorizationCopyTitle: 'Η εξουσιοδότησή σας',
  authorizationAccepted: ({ date }) => `Ημερομηνία αποδοχής: ${date}.`,
  saveAuthorization: 'Αποθήκευση εξουσιοδότησης',
  printAuthorization: 'Εκτύπωση εξουσιοδότησης',
  authorizationFileName: ({ reference }) => `exousiodotisi-chreosis-${reference}.txt`,
};

export default messages;
