// Contains search on both databases: served by the fields' trigram indexes (posting tables / FTS5), literal
// and case-insensitive, kept up to date on writes, paged and counted like any list; short texts scan.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../engine/definition/catalogue';
import { defaultSort, resourceModel } from '../../engine/definition/compile';
import type { ScreenDefinition } from '../../engine/definition/screen';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/migrations';
import { loadCatalogue } from '../../server/platform/definitions';
import { CountCache } from '../../server/platform/resources/countCache';
import { listRecords, trigramReach, type ListInput } from '../../server/platform/resources/listQuery';
import { syncResourceTables } from '../../server/platform/resources/schemaSync';
import { ftsTable, postingTable, TRIGRAMS_FUNCTION, vacuumPostings } from '../../server/platform/resources/trigramIndex';
import { createTestSchema, dropTestSchema, testDatabases } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const SCREEN: ScreenDefinition = {
  schemaVersion: 2,
  menucode: 'REGION',
  title: 'Finder',
  resource: { name: 'finder', key: ['code'] },
  fields: [
    { name: 'code', label: 'Code', rules: ['required', 'max.10'], column: true, form: true },
    { name: 'name', label: 'Name', rules: ['max.100'], search: true, column: true, form: true },
    { name: 'city', label: 'City', type: 'text', search: { mode: 'advanced' }, column: true, form: true },
    { name: 'carrier', label: 'Carrier', rules: ['max.3'], search: { exact: true }, column: true, form: true },
    { name: 'status', label: 'Status', options: [{ value: 'ACTIVE', label: 'Active' }, { value: 'INACTIVE', label: 'Inactive' }], search: true, column: true },
  ],
  actions: ['create'],
};
const base = loadCatalogue();
const catalogueWith = (screen: ScreenDefinition) => buildCatalogue(base.tree, [...base.screens, screen], { schemaVersion: 1, selectors: base.selectors });
const model = resourceModel(SCREEN);

type Finder = { code: string; name: string | null; city: string | null; carrier: string; status: string };
const SPECIAL: Finder[] = [
  { code: 'S1', name: 'Garuda Indonesia', city: 'Jakarta', carrier: 'GA', status: 'ACTIVE' },
  { code: 'S2', name: 'garuda express', city: 'Surabaya', carrier: 'GA', status: 'INACTIVE' },
  { code: 'S3', name: 'GARUDA', city: 'Denpasar', carrier: 'GA', status: 'ACTIVE' },
  { code: 'S4', name: 'Sale 100%_off "now"', city: 'back\\slash', carrier: 'SQ', status: 'ACTIVE' },
  { code: 'S5', name: 'Émile Zola', city: null, carrier: 'AF', status: 'ACTIVE' },
  { code: 'S6', name: null, city: 'Jakarta Selatan', carrier: 'AF', status: 'ACTIVE' },
];
/**
 * Generated rows: a quarter start ABC (dense: pages walk the sort order to them), the rest XYZ, then four
 * pseudo-random letters (sparse: pages read their few matches one by one).
 */
const LETTERS = 'ABCDEFGH';
let seed = 7;
const letter = () => LETTERS[(seed = (seed * 1103515245 + 12345) % 2147483648) % 8];
const GENERATED: Finder[] = Array.from({ length: 400 }, (_, i) => ({
  code: `G${String(i).padStart(3, '0')}`,
  name: `${i % 4 === 0 ? 'ABC' : 'XYZ'}${letter()}${letter()}${letter()}${letter()}`,
  city: i % 50 === 0 ? 'Medan' : 'Bandung',
  carrier: 'KL',
  status: i % 3 ? 'ACTIVE' : 'INACTIVE',
}));

/** What a contains search must answer: the text anywhere, any case, in key order. */
function expected(rows: Finder[], criteria: Partial<Record<keyof Finder, string>>): string[] {
  return rows
    .filter((row) =>
      Object.entries(criteria).every(([name, value]) => {
        const cell = row[name as keyof Finder];
        if (cell === null) return false;
        return value.startsWith('%') ? cell.toLowerCase().includes(value.replace(/^%+|%+$/g, '').toLowerCase()) : cell === value;
      }),
    )
    .map((row) => row.code)
    .sort();
}

describe.each(testDatabases)('contains search on $name', (target) => {
  let database: Database;
  let schema: string | undefined;
  let db: Kysely<any>;
  let rows: Finder[];
  const counts = new CountCache();
  const list = (input: ListInput) => listRecords(db, database.dialect, model, counts, input, defaultSort(SCREEN));
  const codes = async (criteria: Record<string, unknown>, paging = { limit: 10, page: 1 }) => {
    const { rows: found, paging: answered } = await list({ criteria, paging });
    return { codes: found.map((r) => r.code as string), total: answered.totalrecord };
  };

  beforeAll(async () => {
    if (target.name === 'postgres') schema = await createTestSchema(target.url);
    database = openDatabase(target.url, { schema });
    db = definitionDb(database.db);
    await migrateToLatest(database.db, database.schema);
    await syncResourceTables(database.db, catalogueWith(SCREEN), database.schema);
    rows = [...SPECIAL, ...GENERATED];
    await db.insertInto('finder').values(rows).execute();
  });
  afterAll(async () => {
    await database?.close();
    if (schema) await dropTestSchema(target.url, schema);
  });

  it('gives each text field searched by contains a trigram index, and none to exact or choice fields', async () => {
    expect([...model.contains].sort()).toEqual(['city', 'name']);
    if (target.name === 'postgres') {
      const { rows: tables } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${schema} and tablename like 'finder%' order by tablename`.execute(db);
      expect(tables.map((t) => t.name)).toEqual(['finder', postingTable('finder', 'city'), postingTable('finder', 'name')]);
      const { rows: gin } = await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = ${schema} and tablename like 'finder%' and indexdef like '%gin%'`.execute(db);
      expect(gin).toEqual([]);
    } else {
      const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%' and name like 'finder%' order by name`.execute(db);
      expect(tables.map((t) => t.name)).toEqual([ftsTable('finder', 'city'), ftsTable('finder', 'name')]);
    }
  });

  it('finds the text anywhere, whatever its case, and counts the matches', async () => {
    for (const term of ['%arud%', '%ARUDA%', '%Garuda%', '%uda ind%', '%jakarta%', '%émile%', '%ÉMILE ZOLA%', '%ÉMI%', '%émi%', '%ile%', '%GAR%', '%a i%']) {
      const field = term.includes('jakarta') ? 'city' : 'name';
      const want = expected(rows, { [field]: term });
      expect(want.length, term).toBeGreaterThan(0);
      expect(await codes({ [field]: term }), term).toEqual({ codes: want.slice(0, 10), total: want.length });
    }
  });

  it('takes the text literally: wildcards, quotes and backslashes are characters', async () => {
    expect(await codes({ name: '%100%_o%' })).toEqual({ codes: ['S4'], total: 1 });
    expect(await codes({ name: '%"now"%' })).toEqual({ codes: ['S4'], total: 1 });
    expect(await codes({ name: '%0%_%' })).toEqual({ codes: ['S4'], total: 1 });
    expect(await codes({ city: '%k\\s%' })).toEqual({ codes: ['S4'], total: 1 });
    expect(await codes({ name: '%zzz%' })).toEqual({ codes: [], total: 0 });
  });

  it('searches texts shorter than a trigram by scanning, with the same answers', async () => {
    for (const term of ['%ga%', '%GA%', '%a%', '%"%', '%%%']) {
      const want = expected(rows, { name: term });
      expect(await codes({ name: term }), term).toEqual({ codes: want.slice(0, 10), total: want.length });
    }
  });

  it('pages through dense and sparse matches alike, also sorted another way and with other criteria', async () => {
    const terms = ['%ABC%', '%xyz%', '%ABCA%', '%CDEF%', '%HG%', '%H%'];
    for (const term of terms) {
      const want = expected(rows, { name: term });
      for (const page of [1, 2, Math.max(1, Math.ceil(want.length / 10))]) {
        expect(await codes({ name: term }, { limit: 10, page }), `${term} page ${page}`).toEqual({ codes: want.slice((page - 1) * 10, page * 10), total: want.length });
      }
      const active = expected(rows, { name: term, status: 'ACTIVE' });
      expect(await codes({ name: term, status: 'ACTIVE' }), `${term} active`).toEqual({ codes: active.slice(0, 10), total: active.length });
      const both = expected(rows, { name: term, city: '%medan%' });
      expect(await codes({ name: term, city: '%medan%' }), `${term} in Medan`).toEqual({ codes: both.slice(0, 10), total: both.length });
      const { rows: desc } = await list({ criteria: { name: term }, sort: { name: 'desc' }, paging: { limit: 5, page: 1 } });
      const byName = rows.filter((r) => want.includes(r.code)).sort((a, b) => (a.name! < b.name! ? 1 : a.name! > b.name! ? -1 : a.code < b.code ? 1 : -1));
      expect(desc.map((r) => r.code), `${term} by name`).toEqual(byName.slice(0, 5).map((r) => r.code));
      const all = await list({ criteria: { name: term }, paging: { limit: -1, page: 1 } });
      expect(all.rows.map((r) => r.code)).toEqual(want);
    }
  });

  it('follows writes: a changed, added or deleted row is found or gone at once', async () => {
    await db.updateTable('finder').set({ name: 'Lion Air' }).where('code', '=', 'S3').execute();
    await db.insertInto('finder').values({ code: 'S7', name: 'Citilink (Garuda group)', city: 'Jakarta', carrier: 'QG', status: 'ACTIVE' }).execute();
    await db.deleteFrom('finder').where('code', '=', 'S2').execute();
    await db.updateTable('finder').set({ city: 'Bogor' }).where('code', '=', 'S1').execute();
    counts.invalidate('finder');
    expect(await codes({ name: '%garuda%' })).toEqual({ codes: ['S1', 'S7'], total: 2 });
    expect(await codes({ name: '%lion%' })).toEqual({ codes: ['S3'], total: 1 });
    expect(await codes({ city: '%bogor%' })).toEqual({ codes: ['S1'], total: 1 });
    expect(await codes({ city: '%jakarta%' })).toEqual({ codes: ['S6', 'S7'], total: 2 });
    // A changed key, several rows in one statement, a bulk change of another column, a bulk delete.
    await db.updateTable('finder').set({ code: 'S1X' }).where('code', '=', 'S1').execute();
    await db.insertInto('finder').values([
      { code: 'S8', name: 'Lion Ölçü', city: 'İzmir', carrier: 'JT', status: 'ACTIVE' },
      { code: 'S9', name: 'LION ÖLÇÜ', city: 'izmir', carrier: 'JT', status: 'ACTIVE' },
    ]).execute();
    await db.updateTable('finder').set({ status: 'INACTIVE' }).where('carrier', '=', 'KL').execute();
    await db.deleteFrom('finder').where('code', 'like', 'G0%').execute();
    // Several rows renamed by one statement, and one of them to the name it has.
    await db.updateTable('finder').set({ city: sql<string>`case when code = 'S9' then city else 'Surabaya ' || code end` }).where('carrier', '=', 'JT').execute();
    counts.invalidate('finder');
    expect(await codes({ name: '%garuda%' })).toEqual({ codes: ['S1X', 'S7'], total: 2 });
    expect(await codes({ name: '%ölç%' })).toEqual({ codes: ['S8', 'S9'], total: 2 });
    expect(await codes({ name: '%LION ö%' })).toEqual({ codes: ['S8', 'S9'], total: 2 });
    expect(await codes({ city: '%surabaya s8%' })).toEqual({ codes: ['S8'], total: 1 });
    expect(await codes({ city: '%izmir%' })).toEqual({ codes: ['S9'], total: 1 });
    rows = (await db.selectFrom('finder').selectAll().execute()) as Finder[];
    for (const term of ['%ABC%', '%xyz%', '%ABCA%']) {
      const want = expected(rows, { name: term });
      expect(await codes({ name: term }), term).toEqual({ codes: want.slice(0, 10), total: want.length });
    }
    if (target.name === 'postgres') {
      // The posting tables hold exactly the trigrams of the rows as they are now.
      for (const field of ['name', 'city']) {
        const posting = sql.table(postingTable('finder', field));
        const trigrams = sql`select unnest(${sql.id(TRIGRAMS_FUNCTION)}(${sql.ref(field)})) as tri, code from finder`;
        const { rows: extra } = await sql`select tri, code from ${posting} except ${trigrams}`.execute(db);
        const { rows: missing } = await sql`${trigrams} except select tri, code from ${posting}`.execute(db);
        expect({ field, extra, missing }).toEqual({ field, extra: [], missing: [] });
      }
      const { rows: posted } = await sql<{ n: string }>`select count(*) as n from ${sql.table(postingTable('finder', 'name'))}`.execute(db);
      expect(Number(posted[0]!.n)).toBeGreaterThan(1000);
      // An update fires a posting table's trigger only when it sets the field or the key: every update trigger on
      // the table names its columns (a credit raising a member's balance pays nothing for the name's trigrams).
      const { rows: updates } = await sql<{ name: string; columns: number }>`select t.tgname as name, cardinality(t.tgattr::int2[]) as columns from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relname = 'finder' and c.relnamespace = current_schema()::regnamespace and not t.tgisinternal and (t.tgtype & 16) <> 0`.execute(db);
      expect(updates.map((u) => u.name).sort()).toEqual(['name', 'city'].map((f) => `${postingTable('finder', f)}_set`).sort());
      expect(updates.every((u) => Number(u.columns) === 2)).toBe(true);
    }
  });

  it('answers as a plain scan does, for random texts of 1 to 6 characters', async () => {
    const all = (await db.selectFrom('finder').selectAll().execute()) as Finder[];
    let random = 11;
    const pick = () => 'ABCDEFGHXYZ'[(random = (random * 1103515245 + 12345) % 2147483648) % 11]!;
    for (let i = 0; i < 60; i++) {
      let text = '';
      for (let k = 0; k <= i % 6; k++) text += i % 2 ? pick() : pick().toLowerCase();
      const term = `%${text}%`;
      const scan = await db.selectFrom('finder').select('code').where(sql.ref('name'), target.name === 'postgres' ? 'ilike' : 'like', term).orderBy('code').execute();
      const want = scan.map((r) => r.code as string);
      expect(want).toEqual(expected(all, { name: term }));
      expect(await codes({ name: term }), term).toEqual({ codes: want.slice(0, 10), total: want.length });
    }
  });

  it('finds rows whose case differs beyond ASCII also when a page walks dense matches', async () => {
    // K000 is written with the Kelvin sign (U+212A), which folds to a plain k; the rest alternate case.
    const dense: Finder[] = Array.from({ length: 100 }, (_, i) => ({
      code: `K${String(i).padStart(3, '0')}`,
      name: i === 0 ? '\u212Aelvin Ölçü' : i % 2 ? 'kelvin ölçü' : 'KELVIN ÖLÇÜ',
      city: null,
      carrier: 'KL',
      status: 'ACTIVE',
    }));
    await db.insertInto('finder').values(dense).execute();
    counts.invalidate('finder');
    const all = (await db.selectFrom('finder').selectAll().execute()) as Finder[];
    expect(trigramReach(0, 10, all.length, dense.length)).toBe('walk');
    for (const term of ['%kel%', '%KELVIN%', '%ölç%', '%ÖLÇÜ%', '%vin öl%']) {
      const want = expected(all, { name: term });
      expect(want.slice(0, 10), term).toEqual(dense.slice(0, 10).map((r) => r.code));
      for (const page of [1, 2]) {
        expect(await codes({ name: term }, { limit: 10, page }), `${term} page ${page}`).toEqual({ codes: want.slice((page - 1) * 10, page * 10), total: want.length });
      }
    }
  });
});

describe.each(testDatabases.filter((t) => t.name === 'postgres'))('contains search on a larger $name table', (target) => {
  let database: Database;
  let schema: string;
  beforeAll(async () => {
    schema = await createTestSchema(target.url);
    database = openDatabase(target.url, { schema });
    await migrateToLatest(database.db, database.schema);
    await syncResourceTables(database.db, catalogueWith(SCREEN), database.schema);
  });
  afterAll(async () => {
    await database?.close();
    await dropTestSchema(target.url, schema);
  });

  it('counts a 3-character text from the posting table alone, index-only, and reads only the page\'s rows', async () => {
    const db = definitionDb(database.db);
    await sql`insert into finder (code, name, carrier, status) select 'P' || lpad(i::text, 5, '0'), md5(i::text), 'GA', 'ACTIVE' from generate_series(1, 20000) as i`.execute(db);
    await sql`insert into finder (code, name, carrier, status) values ('Q1', 'Garuda Indonesia', 'GA', 'ACTIVE')`.execute(db);
    await sql`analyze finder`.execute(db);
    await vacuumPostings(db, schema, model);
    const list = (criteria: Record<string, unknown>, page = 1) =>
      listRecords(db, 'postgres', model, new CountCache(), { criteria, paging: { limit: 10, page } }, defaultSort(SCREEN));
    const { rows, paging } = await list({ name: '%ARUD%' });
    expect({ codes: rows.map((r) => r.code), total: paging.totalrecord }).toEqual({ codes: ['Q1'], total: 1 });
    const { rows: abc, paging: abcPaging } = await list({ name: '%ABC%' });
    const { rows: scan } = await sql<{ code: string }>`select code from finder where name ilike '%abc%' order by code`.execute(db);
    expect({ codes: abc.map((r) => r.code), total: abcPaging.totalrecord }).toEqual({ codes: scan.slice(0, 10).map((r) => r.code), total: scan.length });
    expect(scan.length).toBeGreaterThan(50);
    // Bitmap scans off: on a small table whose visibility map other sessions' open snapshots keep unset,
    // the planner may prefer one; the point here is which relations the statement reads.
    const plan = (text: string) =>
      db.transaction().execute(async (trx) => {
        await sql`set local enable_bitmapscan = off`.execute(trx);
        return (await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off) ${sql.raw(text)}`.execute(trx)).rows.map((l) => l['QUERY PLAN']).join('\n');
      });
    const posting = postingTable('finder', 'name');
    const counted = await plan(`select count(*) from (select code from ${posting} where tri = lower('ABC')) as k`);
    expect(counted, counted).toContain(`Index Only Scan using ${posting}_pk`);
    expect(counted).not.toMatch(/Scan on finder /);
    const page = await plan(`select * from finder where code in (select code from ${posting} where tri = lower('ABC') order by code limit 10) order by code`);
    expect(page).toContain(`Index Only Scan using ${posting}_pk`);
    expect(page).not.toMatch(/Seq Scan|Bitmap Heap Scan on finder/);
  });
});

describe('how a page reaches trigram matches', () => {
  it('walks the sort order when the matches are dense, reads them one by one when they are few', () => {
    expect(trigramReach(0, 10, 1_000_000, 2_500)).toBe('walk');
    expect(trigramReach(0, 10, 1_000_000, 150)).toBe('lookup');
    expect(trigramReach(9_990, 10, 1_000_000, 2_500)).toBe('lookup');
    expect(trigramReach(0, -1, 1_000_000, 2_500)).toBe('lookup');
    expect(trigramReach(0, 10, 1_000_000, 0)).toBe('lookup');
  });
});

describe('SQLite in a file: counts and contains searches off the serving thread', () => {
  let dir: string;
  let database: Database;
  let db: Kysely<any>;
  /** Enough rows that a scan takes far longer than one turn of the event loop. */
  const ROWS = 200_000;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'alms-contains-'));
    database = openDatabase(`sqlite:${join(dir, 'list.sqlite')}`);
    db = definitionDb(database.db);
    await migrateToLatest(database.db);
    await syncResourceTables(database.db, catalogueWith(SCREEN));
    await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${ROWS - 1})
      insert into finder (code, name, city, carrier, status) select 'F' || i, 'N' || (i * 37 % 1000) || 'X', 'Medan', 'GA', 'ACTIVE' from n`.execute(db);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const listWith = (input: ListInput) => listRecords(db, 'sqlite', model, new CountCache(), input, defaultSort(SCREEN));

  it('answers as the serving connection does', async () => {
    for (const criteria of [{ name: '%7X%' }, { name: '%N12%' }, { status: 'ACTIVE' }, { name: '%n99%', status: 'ACTIVE' }]) {
      const input: ListInput = { criteria, paging: { limit: 10, page: 3 } };
      expect(await listWith(input), JSON.stringify(criteria)).toEqual(await listWith({ ...input, offThread: false }));
    }
  });

  it('lets the event loop turn while a count runs', async () => {
    // On the serving thread the count would finish before any callback of the next loop turn could run.
    // '%9%' is too short for trigrams: its page and count scan every row.
    for (const offThread of [true, false]) {
      let turned = false;
      setImmediate(() => (turned = true));
      const { paging } = await listWith({ criteria: { name: '%9%' }, paging: { limit: 10, page: 2 }, offThread });
      expect(paging.totalrecord).toBe(54_200);
      expect(turned, `offThread ${offThread}`).toBe(offThread);
    }
  });
});
