// The checkout's words in Brazilian Portuguese (português do Brasil).
import type { CheckoutMessages } from '../catalogue.js';

/**
 * "1 problema", "3 problemas": the plural form Portuguese's rules choose for the count (0 and 1
 * are singular; "many", for millions, takes the plural noun like "other").
 */
function problems(count: number): string {
  return `${count} ${new Intl.PluralRules('pt-BR').select(count) === 'one' ? 'problema' : 'problemas'}`;
}

const messages: CheckoutMessages = {
  checkoutTitle: 'Pagamento',

  invalidTitle: 'Este formulário de pagamento não está configurado corretamente',
  loadingTitle: 'Carregando os dados do seu pagamento',
  loadErrorTitle: 'Não foi possível carregar os dados do seu pagamento',
  expiredTitle: 'Sua sessão expirou',
  blockedTitle: 'Pagamentos indisponíveis para esta conta',
  verificationTitle: 'Confirme sua identidade para pagar',
  noBankAccountsTitle: 'Nenhuma conta bancária cadastrada',
  deviceRequiredTitle: 'Verificação de segurança indisponível',
  readyTitle: 'Tudo pronto para pagar',
  submittingTitle: 'Processando seu pagamento',
  declinedTitle: 'Pagamento recusado',
  unconfirmedTitle: 'Não foi possível confirmar seu pagamento',
  failedTitle: 'Não foi possível efetuar o pagamento',
  submittedTitle: 'Pagamento enviado',
  announcement: ({ title }) => `${title}.`,

  invalidBody: ({ count }) =>
    `Os pagamentos estão indisponíveis nesta página. ${problems(count)} para a equipe de desenvolvimento do site:`,
  loading: 'Carregando os dados do seu pagamento…',
  loadErrorBody: 'Verifique sua conexão e tente novamente.',
  tryAgain: 'Tentar novamente',
  expiredBody: 'Recarregue a página para continuar.',
  expiredMayHaveGoneThrough: ({ amount }) =>
    `Seu pagamento de ${amount} pode ter sido efetuado: confira seus pedidos antes de pagar novamente.`,
  notCharged: 'Nenhum valor foi cobrado.',
  reloadPage: 'Recarregar a página',
  blockedBody:
    'Esta conta não pode fazer pagamentos aqui. Entre em contato com o atendimento ao cliente.',
  contactSupport: 'Falar com o atendimento',
  checkAgain: 'Verificar novamente',
  verificationBody:
    'Conclua a verificação de identidade e depois verifique novamente para finalizar sua compra.',
  verifyIdentity: 'Confirmar identidade',
  noBankAccountsBody:
    'Cadastre uma conta bancária no seu perfil e depois verifique novamente para pagar.',
  addBankAccount: 'Adicionar conta bancária',
  declinedBody: ({ account }) =>
    `Seu banco recusou o pagamento da conta ${account}. Escolha outra conta ou tente novamente com esta.`,
  tryAccountAgain: 'Tentar novamente com esta conta',
  unconfirmedBody: ({ amount, account }) =>
    `Seu pagamento de ${amount} da conta ${account} pode ter sido efetuado. Tente novamente para finalizá-lo: o mesmo pagamento será reenviado, sem cobrança em dobro.`,
  unconfirmedLocked: 'A conta e o valor só poderão ser alterados quando tivermos uma confirmação.',
  failedBody: 'Nenhum valor foi cobrado. Tente novamente.',

  deviceChecking: 'Fazendo uma verificação de segurança…',
  deviceCheckingAnnouncement: 'Fazendo uma verificação de segurança.',
  deviceFailedTitle: 'A verificação de segurança não carregou',
  deviceFailedBody:
    'Esta compra exige uma verificação rápida do dispositivo. Desative os bloqueadores de conteúdo e tente novamente.',
  retryDeviceCheck: 'Repetir verificação de segurança',
  deviceMissingBody:
    'Esta compra exige uma verificação do dispositivo que não está disponível nesta página.',

  orderSummary: 'Resumo do pedido',
  quantity: ({ quantity }) => `Qtd.: ${quantity}`,
  subtotal: 'Subtotal',
  receiptTo: 'Recibo para',
  settlesIn: 'Liquidação em',
  payFrom: 'Pagar com',
  endingIn: 'com final',
  declinedBadge: 'Recusada',
  account: ({ alias, last4 }) => `${alias} com final ${last4}`,
  pay: ({ amount }) => `Pagar ${amount}`,
  retryPayment: ({ amount }) => `Repetir pagamento de ${amount}`,
  processing: 'Processando…',

  authorization: (values) =>
    `Ao selecionar “${values.payLabel}”, você autoriza ${values.merchantName} a fazer um débito único de ${values.amount} na conta ${values.alias} ••${values.last4} a partir de ${values.date}. Você pode revogar esta autorização entrando em contato com ${values.merchantContact} antes que o débito seja enviado ao seu banco.`,
  merchantContactFallback: 'o vendedor',
  authorizationInEnglish: 'A autorização em inglês',

  submittedBody: ({ amount, account, date }) =>
    `Seu pagamento de ${amount} da conta ${account} foi enviado ao seu banco. A compensação está prevista para ${date}.`,
  receiptGoesTo: ({ email }) => `Um recibo será enviado para ${email}.`,
  reference: 'Referência',
  submittedAnnouncement: ({ amount, account, date }) =>
    `Pagamento enviado: ${amount} da conta ${account}, com compensação prevista para ${date}.`,
  authorizationCopyTitle: 'Sua autorização',
  authorizationAccepted: ({ date }) => `Aceita em ${date}.`,
  saveAuthorization: 'Salvar sua autorização',
  printAuthorization: 'Imprimir sua autorização',
  authorizationFileName: ({ reference }) => `autorizacao-de-pagamento-${reference}.txt`,
};

export default messages;
