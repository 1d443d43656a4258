// Demo mileage statements (not production): a template, last month's statement already sent to the
// first named members (their log rows and outbox mails, computed from their real ledger), and this month's
// statement ready to send. Each table filled once while it is empty.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { Schema } from '../platform/db/schema';
import { seedTables, type SeedTable } from '../platform/seed/seedTables';
import { memberStatement, statementText, STATEMENT_MAIL_KIND } from './statementStore';
import { MAIL_STATUS } from '../platform/core/mailer';
import { definitionDb } from '../platform/db/definitionDb';

const SEED_USER = 'system';
const DEMO_LOG_MEMBERS = 20;

const TEMPLATE = {
  templatecode: 'MONTHLY',
  templatename: 'Monthly Mileage Statement',
  subject: 'Your mileage statement for {month}',
  greeting: 'Dear {memberfullname}, here is the statement of your card {cardnumber} ({tierid}) for {month}.',
  closing: 'Fly more, earn more. Thank you for flying with us.',
  expirymonths: 3,
};

const month = (now: Date, back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);

export async function seedStatementData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<void> {
  if (!catalogue.screenByResource.has('statement') || !catalogue.screenByResource.has('mileage-statement-log')) return;
  const last = month(now, 1);
  const tables: SeedTable[] = [
    { resource: 'mileage-statement-template', rows: [TEMPLATE] },
    {
      resource: 'statement',
      rows: [
        { statementcode: `STM-${last}`, statementname: `Mileage Statement ${last}`, templatecode: 'MONTHLY', period: last, sentcount: 0 },
        { statementcode: `STM-${month(now, 0)}`, statementname: `Mileage Statement ${month(now, 0)}`, templatecode: 'MONTHLY', period: month(now, 0), sentcount: 0 },
      ],
    },
  ];
  await seedTables(db, catalogue, tables, now);
  const any = definitionDb(db);
  if (await any.selectFrom('mileage_statement_log').select('memberid').limit(1).executeTakeFirst()) return;
  const members = (await any.selectFrom('member').selectAll().where('status', '=', 'ACTIVE').where('email', 'is not', null).orderBy('memberid').limit(DEMO_LOG_MEMBERS).execute()) as Record<string, unknown>[];
  const at = now.toISOString();
  for (const member of members) {
    const s = await memberStatement(db, member, last, TEMPLATE.expirymonths);
    const mailid = crypto.randomUUID();
    await any.insertInto('outbox').values({ mailid, mailto: s.email, subject: TEMPLATE.subject.replace('{month}', last), body: statementText(TEMPLATE, s, last, TEMPLATE.expirymonths), kind: STATEMENT_MAIL_KIND, status: MAIL_STATUS.HELD, attempts: 0, lasterror: null, sentdate: null, createddate: at, updateddate: at }).execute();
    await any
      .insertInto('mileage_statement_log')
      .values({ statementcode: `STM-${last}`, period: last, memberid: s.memberid, cardnumber: s.cardnumber, memberfullname: s.memberfullname, email: s.email, balance: s.balance, expiring: s.expiring.reduce((n, e) => n + e.miles, 0), mailid, sentdate: at, createdby: SEED_USER, createddate: at, updatedby: SEED_USER, updateddate: at })
      .execute();
  }
  await any.updateTable('statement').set({ sentcount: members.length }).where('statementcode', '=', `STM-${last}`).execute();
}
