// Demo mailing catalogue (not production): letters, paper and envelope inventory with variants and stock (some
// out of stock), the mailing products' variants, and a few member product purchases (one paid in miles through
// the ledger, one waiting for a cash payment, one whose cash payment failed after its verification time).
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { resourceModel } from '../../../engine/definition/compile';
import { generateKey } from '../../../engine/definition/generatedKey';
import { PAYMENT_STATUS } from '../../../domain/mailing';
import type { ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { PURCHASE_RESOURCE, completePurchase, pricePurchase } from './buyProductStore';
import { toDb, type Row } from '../../platform/resources/records';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';
import { definitionDb } from '../../platform/db/definitionDb';

const LETTERS = [
  {
    lettercode: 'LTR-WELCOME', lettername: 'Welcome Letter', lettertype: 'WELCOME', langcode: 'en', inventorycode: 'A4-LETTERHEAD',
    subject: 'Welcome to the programme', content: 'Dear {salutation} {lastname},\n\nWelcome aboard. Your membership card is enclosed; start earning miles on your next flight.\n\nKind regards,\nMember Services',
  },
  {
    lettercode: 'LTR-WELCOME-ID', lettername: 'Surat Selamat Datang', lettertype: 'WELCOME', langcode: 'id', inventorycode: 'A4-LETTERHEAD',
    subject: 'Selamat bergabung', content: 'Yth. {salutation} {lastname},\n\nSelamat bergabung. Kartu keanggotaan Anda terlampir.\n\nSalam,\nLayanan Anggota',
  },
  {
    lettercode: 'LTR-CARD', lettername: 'Card Carrier', lettertype: 'CARD', langcode: 'en', inventorycode: 'A4-LETTERHEAD',
    subject: 'Your membership card', content: 'Dear {salutation} {lastname},\n\nPlease find your replacement card attached below. Sign it on the back before use.',
  },
  {
    lettercode: 'LTR-TIER', lettername: 'Tier Upgrade Letter', lettertype: 'TIER', langcode: 'en', inventorycode: 'A4-LETTERHEAD',
    subject: 'Congratulations on your new tier', content: 'Dear {salutation} {lastname},\n\nCongratulations: you are now {tiername}. Your new card is enclosed with the benefits of your tier.',
  },
  {
    lettercode: 'LTR-PRODUCT', lettername: 'Product Delivery Note', lettertype: 'PRODUCT', langcode: 'en',
    subject: 'Your order', content: 'Dear {salutation} {lastname},\n\nThank you for your purchase. Your item is enclosed.',
  },
];

const INVENTORY = [
  { inventorycode: 'PVC-CARD', inventoryname: 'PVC Card Blank CR80', categorycode: 'PAPER', size: '85.6 x 54 mm', description: 'Blank PVC cards with magnetic stripe, printed per tier' },
  { inventorycode: 'A4-LETTERHEAD', inventoryname: 'A4 Letterhead 100 gsm', categorycode: 'PAPER', size: '210 x 297 mm', description: 'Programme letterhead for letters and card carriers' },
  { inventorycode: 'ENV-DL', inventoryname: 'DL Envelope', categorycode: 'ENVELOPE', size: '110 x 220 mm', description: 'For cards and letters' },
  { inventorycode: 'ENV-C5', inventoryname: 'C5 Padded Envelope', categorycode: 'ENVELOPE', size: '162 x 229 mm', description: 'For small merchandise' },
];

const INVENTORY_VARIANTS = [
  { inventorycode: 'PVC-CARD', inventoryvariantid: 'PVC-BLUE', inventoryvariantname: 'Blue Tier Design', quantity: 18500, minimumstock: 2000 },
  { inventorycode: 'PVC-CARD', inventoryvariantid: 'PVC-SILVER', inventoryvariantname: 'Silver Tier Design', quantity: 6200, minimumstock: 1000 },
  { inventorycode: 'PVC-CARD', inventoryvariantid: 'PVC-GOLD', inventoryvariantname: 'Gold Tier Design', quantity: 2400, minimumstock: 500 },
  { inventorycode: 'PVC-CARD', inventoryvariantid: 'PVC-PLAT', inventoryvariantname: 'Platinum Tier Design', quantity: 0, minimumstock: 200 },
  { inventorycode: 'A4-LETTERHEAD', inventoryvariantid: 'A4-WHITE', inventoryvariantname: 'White', quantity: 12000, minimumstock: 1000 },
  { inventorycode: 'ENV-DL', inventoryvariantid: 'DL-PLAIN', inventoryvariantname: 'Plain', quantity: 8000, minimumstock: 1000 },
  { inventorycode: 'ENV-DL', inventoryvariantid: 'DL-WINDOW', inventoryvariantname: 'With Window', quantity: 0, minimumstock: 1000 },
  { inventorycode: 'ENV-C5', inventoryvariantid: 'C5-BUBBLE', inventoryvariantname: 'Bubble Lined', quantity: 640, minimumstock: 100 },
];

const PRODUCT_VARIANTS = [
  { mailingproductcode: 'CARDBLUE', inventoryvariantid: 'STD', inventoryvariantname: 'Standard', quantity: 18500 },
  { mailingproductcode: 'CARDSILV', inventoryvariantid: 'STD', inventoryvariantname: 'Standard', quantity: 6200 },
  { mailingproductcode: 'CARDGOLD', inventoryvariantid: 'STD', inventoryvariantname: 'Standard', quantity: 2400 },
  { mailingproductcode: 'CARDPLAT', inventoryvariantid: 'STD', inventoryvariantname: 'Standard', quantity: 0 },
  { mailingproductcode: 'WELCOMELTR', inventoryvariantid: 'EN', inventoryvariantname: 'English', quantity: 9000 },
  { mailingproductcode: 'WELCOMELTR', inventoryvariantid: 'ID', inventoryvariantname: 'Bahasa Indonesia', quantity: 9000 },
  { mailingproductcode: 'LUGTAG', inventoryvariantid: 'NAVY', inventoryvariantname: 'Navy Leather', quantity: 120 },
  { mailingproductcode: 'LUGTAG', inventoryvariantid: 'TAN', inventoryvariantname: 'Tan Leather', quantity: 0 },
  { mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', inventoryvariantname: 'Standard Livery', quantity: 25 },
  { mailingproductcode: 'UMBRELLA', inventoryvariantid: 'BLUE', inventoryvariantname: 'Sky Blue', quantity: 40 },
  { mailingproductcode: 'UMBRELLA', inventoryvariantid: 'BLACK', inventoryvariantname: 'Black', quantity: 0 },
];

export const MAILING_TABLES: SeedTable[] = [
  { resource: 'letter', rows: LETTERS },
  { resource: 'inventory', rows: INVENTORY },
  { resource: 'inventory-variant', rows: INVENTORY_VARIANTS },
  { resource: 'mailing-product-variant', rows: PRODUCT_VARIANTS },
];

const ADDRESS = 'Jl. Medan Merdeka Selatan No. 13';
const BALI = 'Jl. Sunset Road No. 8, Kuta';

/** Purchases of the named members: made by the same code as a staff member's (the stock and miles move), then a cash one failed past its time. */
const PURCHASES = [
  { memberid: 'MBR0000007', mailingproductcode: 'LUGTAG', inventoryvariantid: 'NAVY', quantity: 2, paymentmethod: 'MILEAGE', address: ADDRESS, city: 'Jakarta Pusat', country: 'ID', postalcode: '10110', minutesAgo: 60 * 24 * 6 },
  { memberid: 'MBR0000017', mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', quantity: 1, paymentmethod: 'MILEAGE', address: BALI, city: 'Badung', country: 'ID', postalcode: '80361', minutesAgo: 60 * 24 * 3 },
  { memberid: 'MBR0000007', mailingproductcode: 'UMBRELLA', inventoryvariantid: 'BLUE', quantity: 1, paymentmethod: 'MILEAGE', address: ADDRESS, city: 'Jakarta Pusat', country: 'ID', postalcode: '10110', minutesAgo: 60 * 5 },
  { memberid: 'MBR0000017', mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', quantity: 1, paymentmethod: 'CASH', address: BALI, city: 'Badung', country: 'ID', postalcode: '80361', minutesAgo: 60 * 24 * 2, fail: true },
  { memberid: 'MBR0000017', mailingproductcode: 'MODEL737', inventoryvariantid: 'STD', quantity: 1, paymentmethod: 'CASH', address: BALI, city: 'Badung', country: 'ID', postalcode: '80361', minutesAgo: 10 },
];

async function seedPurchases(db: Kysely<Schema>, catalogue: Catalogue, now: Date): Promise<number> {
  const screen = catalogue.screenByResource.get(PURCHASE_RESOURCE);
  if (!screen) return 0;
  const model = resourceModel(screen);
  const anyDb = definitionDb(db);
  if (await anyDb.selectFrom(model.table).select('purchaseid').limit(1).executeTakeFirst()) return 0;
  if (!(await db.selectFrom('member').select('memberid').where('memberid', '=', 'MBR0000017').executeTakeFirst())) return 0;
  let made = 0;
  for (const { minutesAgo, fail, ...values } of PURCHASES) {
    const at = new Date(now.getTime() - minutesAgo * 60_000);
    const ctx = { now: () => at, user: { username: 'system' }, ip: null } as unknown as ActionContext;
    // A named member whose miles or status do not allow it (another demo changed them) is left without this purchase.
    const ok = await db.transaction().execute(async (trx) => {
      const derived = await pricePurchase(trx, catalogue, values, at);
      const record: Row = { ...values, ...derived, purchaseid: generateKey(at), createdby: 'system', createddate: at.toISOString(), updatedby: 'system', updateddate: at.toISOString() };
      if (fail) record.status = PAYMENT_STATUS.FAILED;
      const row: Row = {};
      for (const field of model.fields) if (field.name in record) row[field.name] = toDb(field, record[field.name]);
      await definitionDb(trx).insertInto(model.table).values({ ...row, createdby: 'system', createddate: at.toISOString(), updatedby: 'system', updateddate: at.toISOString() }).execute();
      // A failed cash payment took no stock; the others take it (and, in miles, debit the member).
      if (!fail) await completePurchase(ctx, trx, catalogue, record);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof ApiError) return false;
      throw error;
    });
    if (ok) made += 1;
  }
  return made;
}

/** Fills the mailing tables that are still empty, then the demo purchases once; returns the rows inserted per resource. */
export async function seedMailingData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  const inserted = await seedTables(db, catalogue, MAILING_TABLES, now);
  inserted[PURCHASE_RESOURCE] = await seedPurchases(db, catalogue, now);
  return inserted;
}
