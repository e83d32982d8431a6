// The merchant's withdrawals: GET /api/merchant/withdraws, parsed tolerantly (fields this version
// does not know pass through).
import type { ApiKeyRequest } from '../../core/api-key.js';
import { withdrawalsResponseSchema, type Withdrawal } from '../../core/schemas.js';

export function withdrawalCalls(request: ApiKeyRequest) {
  return {
    listWithdrawals(): Promise<Withdrawal[]> {
      return request({
        method: 'GET',
        path: '/api/merchant/withdraws',
        schema: withdrawalsResponseSchema,
      });
    },
  };
}
