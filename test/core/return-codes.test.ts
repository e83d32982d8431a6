import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  describeReturn,
  RETURN_CODES,
  WEB_DEBIT_RETURN_CODES,
  type ReturnCode,
  type ReturnDescription,
  type ReturnRetry,
  type WebDebitReturnCode,
} from '../../src/core/return-codes.js';

const code = (n: number) => `R${String(n).padStart(2, '0')}`;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => code(from + index));

// NACHA's unassigned numbers below R86: R63-R66 were merged into R69 in 2006.
const UNASSIGNED = ['R48', 'R49', ...range(54, 60), ...range(63, 66), 'R78', 'R79'];
const ASSIGNED = range(1, 85).filter((candidate) => !UNASSIGNED.includes(candidate));

const described = RETURN_CODES.map((returnCode) => describeReturn(returnCode));
const codesWhere = (test: (description: ReturnDescription) => boolean) =>
  described.filter(test).map((description) => description.code);

describe('RETURN_CODES', () => {
  it('lists every code NACHA assigns from R01 to R85, once each, in order', () => {
    expect(RETURN_CODES).toEqual(ASSIGNED);
    expect(new Set(RETURN_CODES).size).toBe(RETURN_CODES.length);
    expect(RETURN_CODES).toHaveLength(70);
  });

  it('leaves out the unassigned numbers', () => {
    for (const unassigned of UNASSIGNED) {
      expect(RETURN_CODES as readonly string[]).not.toContain(unassigned);
      expect(describeReturn(unassigned), unassigned).toBeUndefined();
    }
  });
});

describe('describeReturn', () => {
  it('describes each assigned code, and nothing else from R00 to R99', () => {
    for (const candidate of range(0, 99)) {
      const description = describeReturn(candidate);
      expect(description?.code, candidate).toBe(
        ASSIGNED.includes(candidate) ? candidate : undefined,
      );
    }
  });

  it('takes exactly "R" and two digits: other spellings are undefined', () => {
    for (const spelling of ['r01', 'R1', 'R001', ' R01', 'R01 ', 'R-01', '01', 'R', '']) {
      expect(describeReturn(spelling), JSON.stringify(spelling)).toBeUndefined();
    }
  });

  it('is undefined for names of Object members and for values that are not strings', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(describeReturn(name), name).toBeUndefined();
    }
    for (const value of [null, undefined, 1, {}, ['R01']]) {
      expect(describeReturn(value as unknown as string)).toBeUndefined();
    }
  });

  it('gives each code its NACHA title', () => {
    const titles = Object.fromEntries(described.map(({ code, title }) => [code, title]));
    expect(titles).toMatchObject({
      R01: 'Insufficient Funds',
      R02: 'Account Closed',
      R03: 'No Account/Unable to Locate Account',
      R04: 'Invalid Account Number Structure',
      R07: 'Authorization Revoked by Customer',
      R08: 'Payment Stopped',
      R09: 'Uncollected Funds',
      R10: "Customer Advises Originator is Not Known to Receiver and/or Originator is Not Authorized by Receiver to Debit Receiver's Account",
      R11: 'Customer Advises Entry Not in Accordance with the Terms of the Authorization',
      R16: 'Account Frozen/Entry Returned Per OFAC Instruction',
      R29: 'Corporate Customer Advises Not Authorized',
      R39: 'Improper Source Document/Source Document Presented for Payment',
      R51: 'Item Related to RCK Entry is Ineligible or RCK Entry is Improper',
      R62: 'Return of Erroneous or Reversing Debit',
      R69: 'Field Error(s)',
      R77: 'Non-Acceptance of R62 Dishonored Return',
      R85: 'Incorrectly Coded Outbound International Payment',
    });
    expect(new Set(Object.values(titles)).size).toBe(RETURN_CODES.length);
  });

  it('allows a retry after R01 and R09 only', () => {
    expect(codesWhere(({ retry }) => retry === 'allowed')).toEqual(['R01', 'R09']);
  });

  it('allows a corrected entry after R11 and the other returns of an entry in error', () => {
    expect(codesWhere(({ retry }) => retry === 'after-correction')).toEqual([
      'R11',
      'R18',
      'R19',
      'R21',
      'R22',
      'R25',
      'R26',
      'R27',
      'R80',
      'R85',
    ]);
  });

  it('never retries the rest: unauthorized, stopped, account problems, returns of returns', () => {
    const never = codesWhere(({ retry }) => retry === 'never');
    expect(never).toHaveLength(RETURN_CODES.length - 12);
    expect(never).toEqual(
      expect.arrayContaining(['R02', 'R05', 'R07', 'R08', 'R10', 'R17', 'R29']),
    );
  });

  it('asks for a new authorization after R05, R07, R08, R10, R29 and R51', () => {
    expect(codesWhere(({ reauthorize }) => reauthorize)).toEqual([
      'R05',
      'R07',
      'R08',
      'R10',
      'R29',
      'R51',
    ]);
  });

  it('marks the account unusable after R02, R03, R04, R12-R16, R20 and R28', () => {
    expect(codesWhere(({ accountUsable }) => !accountUsable)).toEqual([
      'R02',
      'R03',
      'R04',
      'R12',
      'R13',
      'R14',
      'R15',
      'R16',
      'R20',
      'R28',
    ]);
  });

  it('says which codes a WEB debit can come back with, as WEB_DEBIT_RETURN_CODES lists', () => {
    expect(codesWhere(({ webDebit }) => webDebit)).toEqual([...WEB_DEBIT_RETURN_CODES]);
    const neverOnWeb = [
      ...range(40, 47), // enrollments
      ...range(50, 53), // re-presented checks
      ...['R61', 'R62', ...range(67, 77)], // dishonored and contested returns
      ...range(80, 85), // international payments
    ];
    expect(WEB_DEBIT_RETURN_CODES.filter((webCode) => neverOnWeb.includes(webCode))).toEqual([]);
    // The returns a checkout's debit meets most, and the sandbox's magic ones.
    expect(WEB_DEBIT_RETURN_CODES).toEqual(
      expect.arrayContaining([
        'R01',
        'R02',
        'R03',
        'R04',
        'R07',
        'R08',
        'R09',
        'R10',
        'R11',
        'R29',
      ]),
    );
  });

  it('gives the payer a plain sentence or two: no jargon, no code, no blame', () => {
    const jargon =
      /\b(?:ACH|NACHA|ODFI|RDFI|DFI|SEC|OFAC|ENR|RCK|IAT|XCK|CCD|CTX|entry|entries|originator|receiver|debit|R\d\d)\b/i;
    const blame = /\b(?:your fault|you failed|you forgot|you entered|you made|your mistake)\b/i;
    for (const { code, payerMessage } of described) {
      expect(payerMessage, code).toMatch(/^[A-Z].*\.$/);
      expect(payerMessage.split(/[.;] /).length, code).toBeLessThanOrEqual(3);
      expect(payerMessage, code).not.toMatch(jargon);
      expect(payerMessage, code).not.toMatch(blame);
    }
  });

  it('tells the payer what they can do when the account cannot be used', () => {
    for (const { code, payerMessage } of described.filter(({ accountUsable }) => !accountUsable)) {
      expect(payerMessage, code).toMatch(/another account|contact (?:your|the) bank|new details/);
    }
  });

  it('returns a new object each time, so a caller cannot change the table', () => {
    const first = describeReturn('R01');
    first.title = 'changed';
    expect(describeReturn('R01').title).toBe('Insufficient Funds');
  });

  it('is typed exhaustively', () => {
    expectTypeOf(describeReturn('R01')).toEqualTypeOf<ReturnDescription>();
    expectTypeOf(describeReturn('R01' as string)).toEqualTypeOf<ReturnDescription | undefined>();
    expectTypeOf<ReturnRetry>().toEqualTypeOf<'allowed' | 'after-correction' | 'never'>();
    expectTypeOf<WebDebitReturnCode>().toExtend<ReturnCode>();
    // @ts-expect-error R48 is not assigned
    const unassigned: ReturnCode = 'R48';
    // A Record over every retry value fails to compile when one is added or removed.
    const retries = { allowed: 2, 'after-correction': 10, never: 58 } satisfies Record<
      ReturnRetry,
      number
    >;
    for (const [retry, count] of Object.entries(retries)) {
      expect(
        codesWhere((description) => description.retry === retry),
        retry,
      ).toHaveLength(count);
    }
    expect(describeReturn(unassigned)).toBeUndefined();
  });
});
