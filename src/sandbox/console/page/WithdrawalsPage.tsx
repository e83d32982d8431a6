// Withdrawals: the merchant's payouts, as GET /api/merchant/withdraws lists them.
import { formatMoney, Loading, Problem, Scrolls, Time, useConsoleRead } from './ui.js';

export function WithdrawalsPage() {
  const withdrawals = useConsoleRead('GET /withdrawals');
  if (withdrawals.error) return <Problem error={withdrawals.error} />;
  if (!withdrawals.data) return <Loading what="withdrawals" />;
  return (
    <Scrolls label="Withdrawals">
      <table>
        <thead>
          <tr>
            <th scope="col">Withdrawal</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Speed</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {withdrawals.data.withdrawals.map((withdrawal) => (
            <tr key={withdrawal.id}>
              <th scope="row">
                <code>{withdrawal.id}</code>
              </th>
              <td>{formatMoney(withdrawal.amount)}</td>
              <td>{withdrawal.status}</td>
              <td>{withdrawal.speed}</td>
              <td>
                <Time at={withdrawal.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scrolls>
  );
}
