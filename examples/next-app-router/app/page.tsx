import { redirect } from 'next/navigation';
import { createOrder } from '../lib/shop';

// The order, its price and its checkout token are made on the server, by a Server Action.
async function buy() {
  'use server';
  redirect(`/checkout/${(await createOrder()).id}`);
}

export default function ShopPage() {
  return (
    <form action={buy}>
      <button type="submit">Buy a Gem pack: $4.99</button>
    </form>
  );
}
