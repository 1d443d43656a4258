// The seam between a paid product purchase and the mailing orders (issue 16; the orders module is built in
// parallel): a paid purchase becomes an order of its product to its address, placed in the purchase's
// transaction; the order's id is kept on the purchase. Until server/orders/orderStore.ts exports createOrder,
// no order is placed and the purchase keeps no order id.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { Row } from '../resources/records';

export async function orderPurchase(_trx: Kysely<Schema>, _purchase: Row, _now: Date): Promise<string | null> {
  return null;
}
