// The checkout's words in European Portuguese (português de Portugal).
import type { CheckoutMessages } from '../catalogue.js';

/**
 * "1 problema", "3 problemas": the plural form Portuguese's rules choose for the count (0 and 1
 * are singular; "many", for millions, takes the plural noun like "other").
 */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('pt-PT').select(count) === 'one' ? 'problema' : 'problemas'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Pagamento',

  invalidTitle: 'Este formulário de pagamento não está configurado corretamente',
  loadingTitle: 'A carregar os dados do seu pagamento',
  loadErrorTitle: 'Não foi possível carregar os dados do seu pagamento',
  expiredTitle: 'A sua sessão expirou',
  blockedTitle: 'Pagamentos indisponíveis para esta conta',
  verificationTitle: 'Confirme a sua identidade para pagar',
  noBankAccountsTitle: 'Nenhuma conta bancária registada',
  deviceRequiredTitle: 'Verificação de segurança indisponível',
  readyTitle: 'Tudo pronto para pagar',
  submittingTitle: 'A processar o seu pagamento',
  declinedTitle: 'Pagamento recusado',
  unconfirmedTitle: 'Não foi possível confirmar o seu pagamento',
  failedTitle: 'Não foi possível efetuar o pagamento',
  submittedTitle: 'Pagamento submetido',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Os pagamentos estão indisponíveis nesta página. ${problems(count)} para a equipa de desenvolvimento do site:`,
  loading: 'A carregar os dados do seu pagamento…',
  loadErrorBody: 'Verifique a sua ligação e tente novamente.',
  tryAgain: 'Tentar novamente',
  expiredBody: 'Recarregue a página para continuar.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `O seu pagamento de ${amount} pode ter sido efetuado: verifique as suas encomendas antes de pagar novamente.`,
  notCharged: 'Não lhe foi cobrado nenhum valor.',
  reloadPage: 'Recarregar a página',
  blockedBody: 'Esta conta não pode efetuar pagamentos aqui. Contacte o apoio ao cliente.',
  contactSupport: 'Contactar o apoio ao cliente',
  checkAgain: 'Verificar novamente',
  verificationBody:
    'Conclua a verificação de identidade e, em seguida, verifique novamente para finalizar a sua compra.',
  verifyIdentity: 'Confirmar identidade',
  noBankAccountsBody:
    'Adicione uma conta bancária ao seu perfil e, em seguida, verifique novamente para pagar.',
  addBankAccount: 'Adicionar conta bancária',
  declinedBody: ({ account }) =>
    `O seu banco recusou o pagamento da conta ${account}. Escolha outra conta ou tente novamente com esta.`,
  tryAccountAgain: 'Tentar novamente com esta conta',
  unconfirmedBody: ({ amount, account }) =>
    `O seu pagamento de ${amount} da conta ${account} pode ter sido efetuado. Tente novamente para o concluir: o mesmo pagamento é reenviado e não lhe será cobrado duas vezes.`,
  unconfirmedLocked:
    'A conta e o montante só poderão ser alterados quando tivermos uma confirmação.',
  failedBody: 'Não lhe foi cobrado nenhum valor. Tente novamente.',

  deviceChecking: 'A efetuar uma verificação de segurança…',
  deviceCheckingAnnouncement: 'A efetuar uma verificação de segurança.',
  deviceFailedTitle: 'A verificação de segurança não foi carregada',
  deviceFailedBody:
    'Esta compra exige uma verificação rápida do dispositivo. Desative os bloqueadores de conteúdo e tente novamente.',
  retryDeviceCheck: 'Repetir a verificação de segurança',
  deviceMissingBody:
    'Esta compra exige uma verificação do dispositivo que não está disponível nesta página.',

  orderSummary: 'Resumo da encomenda',
  quantity: ({ quantity }) => `Qtd.: ${quantity}`,
  subtotal: 'Subtotal',
  receiptTo: 'Recibo para',
  settlesIn: 'Liquidação em',
  payFrom: 'Pagar com',
  endingIn: 'terminada em',
  declinedBadge: 'Recusada',
  account: ({ alias, last4 }) => `${alias} terminada em ${last4}`,
  pay: ({ amount }) => `Pagar ${amount}`,
  retryPayment: ({ amount }) => `Repetir pagamento de ${amount}`,
  processing: 'A processar…',

  authorization: (values) =>
    `Ao selecionar «${values.payLabel}», autoriza ${values.merchantName} a efetuar um débito único de ${values.amount} na conta ${values.alias} ••${values.last4} a partir de ${values.date}. Pode revogar esta autorização contactando ${values.merchantContact} antes de o débito ser enviado ao seu banco.`,
  merchantContactFallback: 'o comerciante',
  authorizationInEnglish: 'A autorização em inglês',

  submittedBody: ({ amount, account, date }) =>
    `O seu pagamento de ${amount} da conta ${account} foi submetido ao seu banco. A liquidação está prevista para ${date}.`,
  receiptGoesTo: ({ email }) => `Será enviado um recibo para ${email}.`,
  reference: 'Referência',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Pagamento submetido: ${amount} da conta ${account}, com liquidação prevista para ${date}.`,
  authorizationCopyTitle: 'A sua autorização',
  authorizationAccepted: ({ date }) => `Aceite em ${date}.`,
  saveAuthorization: 'Guardar a sua autorização',
  printAuthorization: 'Imprimir a sua autorização',
  authorizationFileName: ({ reference }) => `autorizacao-de-pagamento-${reference}.txt`,
};

export default messages;
