// npm run bench:orders: bulk moves of N card orders (default 10,000) in one action through the real server over
// HTTP, on SQLite (a file) and, with --postgres URL, on PostgreSQL (a fresh schema): Order Printing's Next Step
// on every order waiting there ({ all: true }), then on the N orders named by key, then the vendor's result
// file of N rows as an Upload. Each is one transaction checked by the order machine, with a tracking entry per
// order. Target: under 2 s for 10,000 orders on SQLite.
// Usage: npx tsx scripts/bench-orders.ts [--orders N] [--postgres URL]
import { mkdirSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { insertJsonRows } from '../server/platform/db/jsonRows';
import { readFlags } from './benchFlags';
import { discard, loginAsAdmin, machineLine, send, sqliteThenPostgres, startServer } from './benchSupport';

const args = readFlags({ orders: { type: 'number', default: 10_000, round: 'ceil' }, postgres: { type: 'string' } });
const ORDERS = args.orders;
const SQLITE_FILE = '.tmp/bench-orders/orders.sqlite';
const TARGET_S = 2;

type Answer = { status: { responsecode: string; responsemessage: string } };

async function run(name: string, url: string, schema?: string) {
  const server = await startServer(url, { schema }, { LOG_LEVEL: 'warn', STATIC_DIR: '.tmp/no-app', CAPTCHA_MAX_NUMBER: '2000', DEMO_MEMBERS: '0' }, discard());
  const { database, port } = server;
  const token = await loginAsAdmin(port);
  const call = async (path: string, data: unknown) => (await send(port, path, token, { parameter: { data } })).body as Answer;

  // N paid orders of the demo members, on the way to printing.
  const db = database.db as unknown as Kysely<any>;
  const members = (await db.selectFrom('member').select(['memberid', 'cardnumber', 'membershipid', 'tierid']).where('cardnumber', 'is not', null).execute()) as Record<string, string>[];
  const at = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const before = Number(((await db.selectFrom('card_order').select((eb: any) => eb.fn.max('orderid').as('m')).executeTakeFirst()) as { m: unknown }).m ?? 0);
  const rows = Array.from({ length: ORDERS }, (_, i) => {
    const m = members[i % members.length]!;
    return { memberid: m.memberid, cardnumber: m.cardnumber, membershipid: m.membershipid, tierid: m.tierid, reason: 'ENROLLMENT', status: 'PAYMENT_SUCCESS', reordernumber: 0, ordertype: 'CARD', regioncode: '142', quantity: 1, statusdate: at, stepstartdate: at, isoversla: 0, createdby: 'bench', createddate: at };
  });
  for (let i = 0; i < rows.length; i += 5000) await insertJsonRows(db, 'card_order', rows.slice(i, i + 5000));
  // The demo's own orders waiting on printing move with them.
  const waiting = (await db.selectFrom('card_order').select('orderid').where('status', 'in', ['PAYMENT_SUCCESS', 'READYTOPRINT', 'PRINTING']).execute()) as { orderid: number }[];
  const ids = ((await db.selectFrom('card_order').select('orderid').where('orderid', '>', before).orderBy('orderid').execute()) as { orderid: number }[]).map((r) => Number(r.orderid));

  const timed = async (what: string, count: number, go: () => Promise<Answer>) => {
    const started = performance.now();
    const answer = await go();
    const seconds = (performance.now() - started) / 1000;
    const verdict = name === 'sqlite' ? (seconds < TARGET_S ? `target < ${TARGET_S} s met` : `target < ${TARGET_S} s NOT met`) : '';
    console.log(`${name.padEnd(9)} ${what.padEnd(34)} ${count.toLocaleString('en-US').padStart(7)} orders: ${seconds.toFixed(2)} s (${Math.round(count / seconds).toLocaleString('en-US')} orders/s) ${answer.status.responsecode} ${answer.status.responsemessage.slice(0, 60)} ${verdict}`);
    if (answer.status.responsecode !== '0000') throw new Error(answer.status.responsemessage);
  };
  await timed('Next Step, all on Order Printing', waiting.length, () => call('/api/order-printing/bulk-next-step', { all: true }));
  await timed('Next Step, the orders by key', ids.length, () => call('/api/order-printing/bulk-next-step', { keys: ids.map((orderid) => ({ orderid })) }));
  const file = `${['Order ID,Status,Date', ...ids.map((id) => `${id},PRINTED,${new Date().toISOString().slice(0, 10)}`)].join('\r\n')}\r\n`;
  await timed('vendor result file (Upload)', ids.length, () => call('/api/order-printing/upload', { filename: 'printed.csv', content: file }));
  const entries = Number(((await db.selectFrom('order_tracking').select((eb: any) => eb.fn.countAll().as('n')).where('orderid', '>', before).executeTakeFirstOrThrow()) as { n: unknown }).n);
  console.log(`${name.padEnd(9)} tracking entries of the bench orders: ${entries.toLocaleString('en-US')} (expected ${(ids.length * 3).toLocaleString('en-US')})`);
  await server.close();
}

console.log(machineLine(`${ORDERS.toLocaleString('en-US')} orders`));
mkdirSync('.tmp/bench-orders', { recursive: true });
rmSync('.tmp/bench-orders', { recursive: true, force: true });
mkdirSync('.tmp/bench-orders', { recursive: true });
await sqliteThenPostgres(`sqlite:${SQLITE_FILE}`, args.postgres, 'bench_orders', run);
