// A paid product purchase becomes a mailing order (server/mailingProduct/orders: PAYMENT_SUCCESS, then printing, packaging and
// delivery by the vendors of its region), placed in the purchase's transaction to the purchase's address; the
// purchase keeps the order's id.
import type { Kysely } from 'kysely';
import type { Schema } from '../../platform/db/schema';
import { isoDay } from '../../../engine/definition/dates';
import { ORDER_TYPES, SEND_TO, createOrder } from '../orders/orderStore';
import type { Row } from '../../platform/resources/records';
import { memberTierAsOf } from '../../tierManagement/tiers/tierStore';
import { definitionDb } from '../../platform/db/definitionDb';

/** The order's reason: a member's product purchase. */
export const PURCHASE_ORDER_REASON = 'PURCHASE';

export async function orderPurchase(trx: Kysely<Schema>, purchase: Row, now: Date, user: string): Promise<string> {
  const memberid = String(purchase.memberid);
  const member = (await definitionDb(trx).selectFrom('member').select(['cardnumber', 'membershipid', 'nameoncard']).where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Row;
  const tier = await memberTierAsOf(trx, memberid, isoDay(now));
  const orderid = await createOrder(trx, {
    memberid,
    cardnumber: String(member.cardnumber ?? ''),
    membershipid: String(member.membershipid ?? ''),
    tierid: tier?.tierid ?? '',
    nameoncard: (member.nameoncard as string | null) ?? null,
    reason: PURCHASE_ORDER_REASON,
    ordertype: ORDER_TYPES.product,
    mailingproductcode: String(purchase.mailingproductcode),
    referenceid: String(purchase.purchaseid),
    quantity: Number(purchase.quantity),
    destination: {
      sendto: SEND_TO.member,
      address: (purchase.address as string | null) ?? null,
      city: (purchase.city as string | null) ?? null,
      country: (purchase.country as string | null) ?? null,
      postalcode: (purchase.postalcode as string | null) ?? null,
    },
    user,
    now,
  });
  // A purchase names its product: the order is always made.
  if (orderid === undefined) throw new Error(`purchase ${String(purchase.purchaseid)} names no mailing product`);
  return String(orderid);
}
