// Demo custom transaction types (CUSTTRX) and which roles may post them (CUSTTRXROL): the manual entries a
// programme's service desk makes most, each with its direction, miles and most per transaction.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';

const TYPES = [
  { customtrxcode: 'GOODWILL', customtrxname: 'Goodwill Compensation', direction: 'CREDIT', milestype: 'AWARD', maxmiles: 5_000, periodmiles: 12, validfortransfer: false },
  { customtrxcode: 'COMPLAINT', customtrxname: 'Complaint Compensation', direction: 'CREDIT', milestype: 'AWARD', maxmiles: 2_500, periodmiles: 12, validfortransfer: false },
  { customtrxcode: 'SVCRECOVERY', customtrxname: 'Service Recovery Flight', direction: 'CREDIT', milestype: 'BOTH', maxmiles: 10_000, validfortransfer: true },
  { customtrxcode: 'MIGRATION', customtrxname: 'Data Migration Adjustment', direction: 'CREDIT', milestype: 'BOTH', maxmiles: 100_000, validfortransfer: true },
  { customtrxcode: 'FRAUDREVERSAL', customtrxname: 'Fraud Reversal', direction: 'DEBIT', milestype: 'BOTH', maxmiles: 500_000, validfortransfer: false },
];

const GRANTS: Record<string, string[]> = {
  ADMIN: TYPES.map((t) => t.customtrxcode),
  BRANCH: ['GOODWILL', 'COMPLAINT'],
};

const TABLES: SeedTable[] = [
  { resource: 'custom-transaction', rows: TYPES },
  { resource: 'custom-transaction-role', rows: Object.entries(GRANTS).flatMap(([rolecode, codes]) => codes.map((customtrxcode) => ({ rolecode, customtrxcode }))) },
];

export const seedCustomTransactionData = (db: Kysely<Schema>, catalogue: Catalogue, now = new Date()) => seedTables(db, catalogue, TABLES, now);
