// Model-based concurrency test of redemption on SQLite and PostgreSQL: rounds of many concurrent
// calls on ONE member over HTTP (confirmations of various sizes, some above the approval threshold; approvals
// and rejections of waiting ones; certificate updates and cancellations asked and approved) drawn by fast-check. A plain model follows
// each answer: a confirmation takes its miles, a rejection or an approved cancellation gives them back. After
// every round: the balance equals the model's and is never below zero, no miles are lost (balance + miles held
// by issued and waiting redemptions = what the member had), and the ledger check is clean.
// REDEMPTION_MODEL_RUNS raises the number of runs (default 3).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRX_TYPES, checkLedger, credit } from '../../server/ledger/ledgerStore';
import { awardBookChanged } from '../../server/awardManagement/redemption/redemptionStore';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const RUNS = Number(process.env.REDEMPTION_MODEL_RUNS ?? 3);
const MEMBER = { memberid: 'MBR0000019', cardnumber: '5100000198' };
const SEAT = 7500;
/** The redemptions above this wait for approval (set for the test). */
const THRESHOLD = 15_000;

type Row = Record<string, unknown>;
type Op = { kind: 'confirm'; passengers: number } | { kind: 'approve'; pick: number } | { kind: 'reject'; pick: number } | { kind: 'cancel'; pick: number } | { kind: 'update'; pick: number; peak: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }).map((passengers) => ({ kind: 'confirm' as const, passengers })) },
  { weight: 2, arbitrary: fc.nat(20).map((pick) => ({ kind: 'approve' as const, pick })) },
  { weight: 1, arbitrary: fc.nat(20).map((pick) => ({ kind: 'reject' as const, pick })) },
  { weight: 2, arbitrary: fc.nat(20).map((pick) => ({ kind: 'cancel' as const, pick })) },
  { weight: 2, arbitrary: fc.record({ pick: fc.nat(20), peak: fc.boolean() }).map(({ pick, peak }) => ({ kind: 'update' as const, pick, peak })) },
);

describe.each(testDatabases)('redemption model on $name', (target) => {
  let server: TestServer;
  let admin: (path: string, data?: unknown, extra?: Record<string, unknown>) => ReturnType<TestServer['call']>;
  let checker: typeof admin;
  const db = () => definitionDb(server.database.db);
  const balance = async () => Number((await db().selectFrom('member').select('awardmiles').where('memberid', '=', MEMBER.memberid).executeTakeFirstOrThrow()).awardmiles);
  const held = async () =>
    Number(
      (
        (await db()
          .selectFrom('member_redemption')
          .select((eb: any) => eb.fn.coalesce(eb.fn.sum('totalmileage'), eb.lit(0)).as('miles'))
          .where('memberid', '=', MEMBER.memberid)
          .where('status', 'in', ['ISSUED', 'PENDING'])
          .executeTakeFirstOrThrow()) as { miles: unknown }
      ).miles,
    );
  const requests = async (action: string) =>
    db().selectFrom('approval_request').select(['requestid', 'keydata']).where('action', '=', action).where('status', '=', 'PENDING').orderBy('requestid').execute();

  beforeAll(async () => {
    server = await startTestServer(target);
    const login = async (username: string) => {
      const token = (await server.login(username)).body.result.bearer as string;
      return (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token, ...extra });
    };
    admin = await login('admin');
    checker = await login('checker');
    await db().updateTable('general_config').set({ value: String(THRESHOLD), active: 1 }).where('key', '=', 'REDEMPTION_APPROVAL_MILES').execute();
    awardBookChanged(server.database.db);
  }, 180_000);
  afterAll(async () => server?.close());

  it('concurrent redemptions, approvals, rejections, updates and cancellations never go below zero nor lose miles', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb, { minLength: 6, maxLength: 16 }), { minLength: 2, maxLength: 4 }), fc.integer({ min: 2, max: 8 }), async (rounds, seats) => {
        // A fresh stake each run: enough for some of a round's confirmations, not all.
        await server.database.db.transaction().execute((trx) =>
          credit(trx, { memberid: MEMBER.memberid, trxtype: TRX_TYPES.CUSTOM, activitydate: '2026-11-01', awardmiles: seats * SEAT, source: 'model', user: 'model', now: new Date() }),
        );
        let model = await balance();
        const owned = model + (await held());
        for (const round of rounds) {
          const pendingRedemptions = await requests('redemption');
          const issued = await db().selectFrom('member_redemption').select(['redemptionid']).where('memberid', '=', MEMBER.memberid).where('status', '=', 'ISSUED').orderBy('redemptionid').execute();
          const results = await Promise.all(
            round.map(async (op): Promise<number> => {
              if (op.kind === 'confirm') {
                const step4 = Array.from({ length: op.passengers }, (_, i) => ({ name: `P${i}`, familyname: 'Model', birthdate: '1980-01-01', selfusage: i === 0 }));
                const answer = await admin('/api/redemption/confirm', {
                  step1: { cardnumber: MEMBER.cardnumber },
                  step2: { awardcode: 'AWD-DOM-Y' },
                  step3: { origin: 'CGK', destination: 'SUB', departuredate: '2027-02-10', isreturn: false, compartmentcode: 'Y', passenger: op.passengers },
                  step4,
                });
                if (answer.body.status.responsecode === '0000') return -Number(answer.body.result.totalmileage);
                expect(answer.body.result.fields).toBeTruthy();
                return 0;
              }
              if (op.kind === 'approve' || op.kind === 'reject') {
                const request = pendingRedemptions[op.pick % Math.max(1, pendingRedemptions.length)];
                if (!request) return 0;
                const key = JSON.parse(String(request.keydata)) as Row;
                const redemption = await db().selectFrom('member_redemption').select('totalmileage').where('redemptionid', '=', key.redemptionid).executeTakeFirstOrThrow();
                const answer = await checker(`/api/approval-redemption/${op.kind}`, { requestid: request.requestid, ...(op.kind === 'reject' ? { reason: 'model' } : {}) });
                return answer.body.status.responsecode === '0000' && op.kind === 'reject' ? Number(redemption.totalmileage) : 0;
              }
              const target = issued[op.pick % Math.max(1, issued.length)];
              if (!target) return 0;
              if (op.kind === 'update') {
                // A certificate moved into the year-end peak season or back: the difference (and the update fee) applied on approval.
                const step1 = { certificateid: `${String(target.redemptionid)}-1` };
                const step2 = { activityairtype: 'freeflight', departuredate: op.peak ? '2026-12-20' : '2027-02-12', compartmentcode: 'Y' };
                const asked = await admin('/api/certificate-update/request', { step1, step2 });
                if (asked.body.status.responsecode !== '0000') return 0;
                const approved = await checker('/api/approval-redemption-update/approve', { requestid: asked.body.result.requestid });
                return approved.body.status.responsecode === '0000' ? -Number(asked.body.result.difference) : 0;
              }
              const key = { memberid: MEMBER.memberid, redemptionid: target.redemptionid };
              const asked = await admin('/api/member-redemption/cancel', key);
              if (asked.body.status.responsecode !== '0000') return 0;
              const redemption = await db().selectFrom('member_redemption').select('totalmileage').where('redemptionid', '=', key.redemptionid).executeTakeFirstOrThrow();
              const approved = await checker('/api/approval-redemption-cancel/approve', { requestid: asked.body.result.requestid });
              return approved.body.status.responsecode === '0000' ? Number(redemption.totalmileage) : 0;
            }),
          );
          model += results.reduce((a, b) => a + b, 0);
          const now = await balance();
          expect(now).toBeGreaterThanOrEqual(0);
          expect(now).toBe(model);
          expect(now + (await held())).toBe(owned);
          expect(await checkLedger(server.database.db)).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
