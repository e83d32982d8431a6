// The merchant's withdrawals (GET /api/merchant/withdraws): seeded, one of each status, dated
// back from the sandbox's start.
import type { Withdrawal } from '../../core/schemas.js';
import { json } from './http.js';
import { hashHex } from './ids.js';
import type { Route } from './route.js';
import type { ServiceState } from './state.js';

const HOUR_MS = 3_600_000;

export function seedWithdrawals(merchantId: string, nowMs: number): Withdrawal[] {
  const seeds: Array<[number, Withdrawal['status'], string, number]> = [
    [25_000, 'pending', 'instant', 1],
    [9_900, 'in_review', 'standard', 26],
    [48_000, 'completed', 'instant', 72],
    [5_000, 'failed', 'standard', 120],
    [125_000, 'completed', 'standard', 168],
  ];
  return seeds.map(([cents, status, speed, hoursAgo], index) => ({
    id: `wd_${hashHex(`withdrawal\u0000${merchantId}\u0000${index}`, 20)}`,
    amount: { cents, currency: 'USD' },
    status,
    speed,
    createdAt: new Date(nowMs - hoursAgo * HOUR_MS).toISOString(),
  }));
}

export function withdrawalRoutes(state: ServiceState): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/merchant/withdraws',
      auth: 'apiKey',
      handle: () => json(200, state.withdrawals),
    },
  ];
}
