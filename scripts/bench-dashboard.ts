// Every dashboard panel's read time on an existing database (npm run seed:volume first): npm run bench:dashboard --
// [--database sqlite:<file> | postgres://...] [--schema name] [--runs 40] [--branch CODE]. With --branch the panels
// are read as a user of that branch reads them (counted live over the branch's members, not from the rollups). First installs the rollups as a server
// start does (a database with older triggers gets the new ones and a recount, timed). Each panel's named query
// (the one its /api/<query> action runs after the criteria check) is read with its default criteria (the last 30
// days, ALL) and with the filters set, one at a time, `runs` times each after one warm-up read; prints p50, p95 and
// max per panel, the rows the tables hold and the machine's load. Target: p95 <= 300 ms at 1,000,000
// members and 10,000,000 ledger rows.
import { cpus, loadavg } from 'node:os';
import type { Kysely } from 'kysely';
import { panelCriteria, panelDefaults } from '../engine/definition/panelPage';
import type { PanelPage } from '../engine/definition/screen';
import { resolveDateBound } from '../engine/definition/dateBounds';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { loadCatalogue } from '../server/platform/definitions';
import { PANEL_QUERIES } from '../server/platform/panels/panelQueries';
import { installRollups } from '../server/platform/rollups/rollupStore';
import type { SessionUser } from '../server/platform/core/action';
import { readFlags } from './benchFlags';
import { percentile } from './benchSupport';

const values = readFlags({ database: { type: 'string' }, schema: { type: 'string' }, runs: { type: 'number', default: 40, round: 'round' }, branch: { type: 'string' } });
const url = values.database ?? readConfig().databaseUrl;
const runs = values.runs;
const members: Record<string, string> = values.branch ? { branchcode: values.branch } : {};

/** Criteria variants besides the defaults: one filter set at a time (values the volume seed holds), and a year's range. */
const year = resolveDateBound('-365d', new Date());
const VARIANTS: Record<string, Record<string, unknown>[]> = {
  'dashboard/enrollment': [{ enrollchannel: 'MOBILE' }, { membershipid: 'FFP' }, { enrollmentdate: year }],
  'dashboard/flight': [{ member: 'MEMBERNONGA', ffpcarriercode: ['KL', 'SQ'] }, { member: 'NONMEMBER' }, { startdate: year }],
  'dashboard/promo-code': [{ promocode: 'DOUBLEDPS26' }, { startdate: year }],
  'dashboard/non-air-activity': [{ partnercode: 'HILTON' }, { startdate: year }],
  'dashboard/corporate-activity': [{ activitytype: 'AIR' }, { activitytype: 'NON_AIR' }, { startdate: year }],
  'dashboard/member-tier': [{ gender: 'FEMALE' }],
  'dashboard/member-activity': [{ activitytype: 'AIR', membershipid: 'FFP' }, { activitytype: 'NON_AIR' }, { startdate: year }],
  'dashboard/redemption': [{ partnercode: 'HILTON' }, { startdate: year }],
};
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

async function main() {
  const catalogue = loadCatalogue();
  const page = catalogue.pageByMenu.get('DASHBOARD') as PanelPage;
  const database = openDatabase(url, url.startsWith('postgres') ? { schema: values.schema ?? 'public' } : {});
  const db = database.db;
  try {
    const count = async (table: string) => Number(((await (db as unknown as Kysely<any>).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number }).n);
    console.log(`bench:dashboard on ${url.replace(/\/\/[^@]*@/, '//***@')}, ${runs} reads a criteria set${values.branch ? `, as a user of branch ${values.branch}` : ''}; ${cpus().length} cores, load average ${load()}`);
    const installing = performance.now();
    if (await installRollups(db)) console.log(`  rollups installed and recounted (older triggers) in ${((performance.now() - installing) / 1000).toFixed(1)} s`);
    for (const table of ['member', 'member_card', 'ledger_transaction', 'member_activity', 'park_activity', 'ledger_detail', 'member_promo', 'dashboard_rollup', 'dashboard_member_day']) {
      console.log(`  ${table.padEnd(20)} ${(await count(table)).toLocaleString('en-US').padStart(12)} rows`);
    }
    const now = new Date();
    const user = { username: 'bench', rolename: 'ADMIN' } as unknown as SessionUser;
    const today = resolveDateBound('today', now)!;
    console.log(`  ${'panel'.padEnd(30)} ${'reads'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  rows (defaults)`);
    let worst = 0;
    for (const panel of [...(page.announcement ? [{ key: 'announcement', query: page.announcement.query, filters: [] }] : []), ...page.panels]) {
      const query = PANEL_QUERIES[panel.query]!;
      const defaults = 'chart' in panel ? panelCriteria(panel, panelDefaults(panel, now)) : {};
      const criteriaList = [defaults, ...(VARIANTS[panel.query] ?? []).map((v) => ({ ...defaults, ...v }))];
      const times: number[] = [];
      let rows = 0;
      for (const criteria of criteriaList) {
        const first = await query.run({ db, user, now, today, members }, criteria as never);
        if (criteria === defaults) rows = first.length;
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          await query.run({ db, user, now, today, members }, criteria as never);
          times.push(performance.now() - started);
        }
      }
      times.sort((a, b) => a - b);
      worst = Math.max(worst, percentile(times, 0.95));
      console.log(`  ${panel.query.padEnd(30)} ${String(times.length).padStart(6)} ${percentile(times, 0.5).toFixed(1).padStart(8)} ${percentile(times, 0.95).toFixed(1).padStart(8)} ${times[times.length - 1]!.toFixed(1).padStart(8)}  ${rows}`);
    }
    console.log(`bench:dashboard: worst panel p95 ${worst.toFixed(1)} ms (target <= 300 ms); load average at the end ${load()}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
