// Whom the payer authorizes, and whom they may ask to revoke it: CheckoutProvider's merchantName
// and merchantContact, required in production and replaced by stand-ins elsewhere.
import { describe, expect, it } from 'vitest';
import { checkMerchant } from '../../src/checkout/merchant.js';

const base = { merchantId: 'merchant_acme' } as const;

describe('checkMerchant', () => {
  it('takes a name and an e-mail address or a web address', () => {
    for (const contact of ['support@acme.test', 'https://acme.test/help', 'http://acme.test']) {
      expect(
        checkMerchant({ ...base, env: 'prod', merchantName: 'Acme', merchantContact: contact }),
      ).toEqual({ merchant: { name: 'Acme', contact }, issues: [], fallbacks: [] });
    }
  });

  it('in production, a missing one is an issue naming the prop', () => {
    expect(checkMerchant({ ...base, env: 'prod' }).issues).toEqual([
      { path: 'merchantName', problem: 'is required where env is "prod"' },
      { path: 'merchantContact', problem: 'is required where env is "prod"' },
    ]);
  });

  it('elsewhere, a missing one falls back to the merchant id and to no contact', () => {
    for (const env of ['local', 'sandbox'] as const) {
      expect(checkMerchant({ ...base, env })).toEqual({
        merchant: { name: 'merchant_acme', contact: null },
        issues: [],
        fallbacks: ['merchantName', 'merchantContact'],
      });
    }
    expect(checkMerchant({ ...base, env: 'local', merchantName: 'Acme' }).fallbacks).toEqual([
      'merchantContact',
    ]);
  });

  it('a malformed one is an issue in every environment', () => {
    const { issues } = checkMerchant({
      ...base,
      env: 'local',
      merchantName: '  ',
      merchantContact: 'call us',
    });
    expect(issues).toEqual([
      { path: 'merchantName', problem: 'must be a non-empty string' },
      { path: 'merchantContact', problem: 'must be an e-mail address or an http(s) URL' },
    ]);
    expect(
      checkMerchant({ ...base, env: 'local', merchantName: 'Acme', merchantContact: 'ftp://a.b' })
        .issues,
    ).toHaveLength(1);
  });
});
