// The order of a payment's statuses, for every pair: which may follow which. The table is the
// rule written out for a reviewer, not derived from the code under test.
import { describe, expect, it } from 'vitest';
import { mayFollow, pathBetween } from '../../src/core/payment-status.js';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../src/core/schemas.js';

// Rows: where a payment is. Columns: a status it may be at later ("yes"), in any number of steps.
const TABLE = `
         | pending | batched | settled | returned | failed | refunded
pending  | no      | yes     | yes     | yes      | yes    | yes
batched  | no      | no      | yes     | yes      | yes    | yes
settled  | no      | no      | no      | yes      | no     | yes
returned | no      | no      | no      | no       | no     | no
failed   | no      | no      | no      | no       | no     | no
refunded | no      | no      | no      | no       | no     | no
`;

const cellsOf = (line: string) => line.split('|').map((cell) => cell.trim());
const [header, ...rows] = TABLE.trim().split('\n').map(cellsOf);
const later = header!.slice(1) as PaymentStatus[];

describe('the table', () => {
  it('has a row and a column for every payment status', () => {
    expect(rows.map(([from]) => from).sort()).toEqual([...PAYMENT_STATUSES].sort());
    expect([...later].sort()).toEqual([...PAYMENT_STATUSES].sort());
  });
});

describe('mayFollow', () => {
  for (const [from, ...answers] of rows) {
    later.forEach((to, index) => {
      const answer = answers[index];
      it(`${from} → ${to}: ${answer}`, () => {
        expect(mayFollow(from as PaymentStatus, to)).toBe(answer === 'yes');
      });
    });
  }
});

describe('pathBetween', () => {
  it('goes the ACH route: batched before settled, and before a return', () => {
    expect(pathBetween('pending', 'settled')).toEqual(['batched', 'settled']);
    expect(pathBetween('pending', 'returned')).toEqual(['batched', 'returned']);
    expect(pathBetween('batched', 'returned')).toEqual(['returned']);
  });

  it('takes one step to a late return, a failure or a refund', () => {
    expect(pathBetween('settled', 'returned')).toEqual(['returned']);
    expect(pathBetween('pending', 'failed')).toEqual(['failed']);
    expect(pathBetween('pending', 'refunded')).toEqual(['refunded']);
    expect(pathBetween('settled', 'refunded')).toEqual(['refunded']);
  });

  it('is empty where the status cannot follow, a status itself included', () => {
    expect(pathBetween('settled', 'failed')).toEqual([]);
    expect(pathBetween('settled', 'batched')).toEqual([]);
    expect(pathBetween('batched', 'batched')).toEqual([]);
    for (const final of ['returned', 'failed', 'refunded'] as const) {
      for (const to of PAYMENT_STATUSES) expect(pathBetween(final, to)).toEqual([]);
    }
  });

  it('agrees with mayFollow on every pair', () => {
    for (const from of PAYMENT_STATUSES) {
      for (const to of PAYMENT_STATUSES) {
        expect(pathBetween(from, to).length > 0, `${from} → ${to}`).toBe(mayFollow(from, to));
        if (mayFollow(from, to)) expect(pathBetween(from, to).at(-1)).toBe(to);
      }
    }
  });
});
