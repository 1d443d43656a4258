// The Definition Studio's server on both databases: the finder, drafts per user, the checks at their JSON paths, a
// submit refused for what `npm run validate` or a start would refuse (nothing stored), and a submit approved on My
// Approval by another user: served at once by the approving server (its new column saving values), kept in the
// history and the user log; a rollback the same way, a request made stale by another version refused, the guards,
// and a menu's new function codes granting nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { DEFINITION_INDEX_PATH } from '../../engine/definition/definitionIndex';
import { MENU_TREE_FILE } from '../../engine/definition/definitionFiles';
import { DEFINITION_LIMITS, STUDIO_API, type StudioEntry } from '../../engine/definition/studio';
import { SCREENS_DIR } from '../../server/platform/definitions';
import { SchemaDriftError } from '../../server/platform/resources/schemaSync';
import { startTestServer, testDatabases, type TestServer } from './harness';

const COUNTRY = 'basic-configuration/country.json';
const ORIGINAL = readFileSync(join(SCREENS_DIR, COUNTRY), 'utf8');
const TREE = readFileSync(join(SCREENS_DIR, MENU_TREE_FILE), 'utf8');

interface FieldJson {
  name: string;
  label: string;
  [more: string]: unknown;
}

/** Country's definition with its fields changed by `edit` (and `more` merged into the page). */
function country(edit: (fields: FieldJson[]) => FieldJson[], more: Record<string, unknown> = {}): string {
  const json = JSON.parse(ORIGINAL) as { fields: FieldJson[] };
  return JSON.stringify({ ...json, ...more, fields: edit(json.fields) }, null, 2);
}
const relabelled = (label: string) => (fields: FieldJson[]) => fields.map((f) => (f.name === 'countryname' ? { ...f, label } : f));
const CAPITAL: FieldJson = { name: 'capitalcity', label: 'Capital City', placeholder: 'Capital City', rules: ['max.60'], column: true, form: true };
const withCapital = (label: string) => country((fields) => [...relabelled(label)(fields).slice(0, -1), CAPITAL, fields.at(-1)!]);

describe.each(testDatabases)('the Definition Studio on $name', (target) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (user: string) => (path: string, data?: unknown) => server.call(path, data, { token: tokens[user] });
  const admin = as('admin');
  const checker = as('checker');
  const requests = () => server.database.db.selectFrom('approval_request').select(['requestid', 'action', 'status']).where('menucode', '=', 'DEFSTUDIO').orderBy('requestid').execute();
  const label = () => server.app.definitions.catalogue().screenByMenu.get('COUNTRY')!.fields.find((f) => f.name === 'countryname')?.label;
  const indexVersion = async () => ((await (await fetch(`${server.url}${DEFINITION_INDEX_PATH}`)).json()) as { version: string }).version;
  const userLog = (legend: string) => server.database.db.selectFrom('user_log').selectAll().where('module', '=', 'DEFSTUDIO').where('legend', '=', legend).orderBy('logdate').execute();

  /** Submits as admin and approves as the checker; answers the approval. */
  async function submitted(text: string, reason: string) {
    const answer = await admin(STUDIO_API.submit, { key: COUNTRY, text, reason });
    expect(answer.body.status.responsecode, JSON.stringify(answer.body.status)).toBe('0000');
    return answer.body.result.requestid as number;
  }
  const approve = (requestid: number) => checker('/api/my-approval/approve', { requestid });

  beforeAll(async () => {
    server = await startTestServer(target);
    // The checker also edits (drafts are per user) and approves; the branch user has no studio functions.
    await server.database.db.updateTable('role_permission').set({ granted: 1 }).where('rolecode', '=', 'CHECKER').where('functioncode', 'in', ['DEFSTUDIO_ACCESS', 'DEFSTUDIO_UPDATE']).execute();
    for (const user of ['admin', 'checker', 'branch']) tokens[user] = (await server.login(user)).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('lists every served definition with its title, menu path and group', async () => {
    const list = await admin(STUDIO_API.list);
    expect(list.body.status.responsecode).toBe('0000');
    const entries = list.body.result as StudioEntry[];
    expect(entries.find((e) => e.key === COUNTRY)).toEqual({ key: COUNTRY, schema: 'screen', title: 'Country', menucode: 'COUNTRY', path: '/country', group: 'Basic Configuration', kind: 'list', version: 1, source: 'FILE', conflict: false, draft: false, pendingRequest: null });
    expect(entries.find((e) => e.key === MENU_TREE_FILE)).toMatchObject({ schema: 'menu-tree', title: 'Menu Tree', menucode: null, kind: null });
    expect(entries.find((e) => e.key === 'selectors.json')).toMatchObject({ schema: 'selectors', title: 'Selectors' });
  });

  it("keeps each user's draft apart: saved, read and discarded", async () => {
    expect((await admin(STUDIO_API.saveDraft, { key: COUNTRY, text: '{ "draft": "admin" }' })).body.status.responsecode).toBe('0000');
    expect((await checker(STUDIO_API.saveDraft, { key: COUNTRY, text: '{ "draft": "checker" }' })).body.status.responsecode).toBe('0000');
    const adminDetail = (await admin(STUDIO_API.detail, { key: COUNTRY })).body.result;
    expect(adminDetail).toMatchObject({ text: ORIGINAL, draft: { text: '{ "draft": "admin" }' }, conflict: null, entry: { draft: true, version: 1 } });
    expect((await admin(STUDIO_API.discardDraft, { key: COUNTRY })).body.status.responsecode).toBe('0000');
    expect((await admin(STUDIO_API.detail, { key: COUNTRY })).body.result).toMatchObject({ draft: null, entry: { draft: false } });
    expect((await checker(STUDIO_API.detail, { key: COUNTRY })).body.result.draft).toMatchObject({ text: '{ "draft": "checker" }' });
    expect((await admin(STUDIO_API.detail, { key: 'no/such.json' })).body.status.responsecode).toBe(CODES.NOT_FOUND);
  });

  it('answers the checks at their JSON paths, a problem of another definition with its key', async () => {
    const clean = await admin(STUDIO_API.check, { key: COUNTRY, text: ORIGINAL });
    expect(clean.body.result).toEqual({ problems: [] });
    const broken = country((fields) => fields.map((f) => (f.name === 'regioncode' ? { ...f, source: { selector: 'no-such-selector' } } : f)));
    const checked = (await admin(STUDIO_API.check, { key: COUNTRY, text: broken })).body.result;
    expect(checked.problems).toContainEqual({ path: '/fields/2/source/selector', message: 'fields[2].source.selector: unknown selector "no-such-selector"' });
    const schema = (await admin(STUDIO_API.check, { key: COUNTRY, text: country((fields) => fields, { title: 7 }) })).body.result;
    expect(schema.problems).toEqual([{ path: '/title', message: '/title must be string' }]);
    // The country selector's extra names a field this text removes: the problem is the selectors'.
    const removed = (await admin(STUDIO_API.check, { key: COUNTRY, text: country((fields) => fields.filter((f) => f.name !== 'nationality')) })).body.result;
    expect(removed.problems).toContainEqual(expect.objectContaining({ key: 'selectors.json', path: expect.stringMatching(/^\/selectors\/country/) }));
  });

  it('refuses a submit that a check or a start would refuse, storing nothing', async () => {
    const refused = async (text: string) => {
      const answer = await admin(STUDIO_API.submit, { key: COUNTRY, text, reason: 'try' });
      expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
      return answer.body;
    };
    const broken = await refused(country((fields) => fields.map((f) => (f.name === 'regioncode' ? { ...f, source: { selector: 'nope' } } : f))));
    expect(broken.status.responsemessage).toBe(`${SCREENS_DIR}/${COUNTRY}: fields[2].source.selector: unknown selector "nope"`);
    expect(broken.result.problems).toEqual([{ path: '/fields/2/source/selector', message: 'fields[2].source.selector: unknown selector "nope"' }]);
    // Under the characters the request takes, over the bytes a definition may be.
    const heavy = country((fields) => fields, { description: 'é'.repeat(DEFINITION_LIMITS.maxBytes / 2) });
    const size = Buffer.byteLength(heavy);
    expect((await refused(heavy)).result.problems).toEqual([{ path: '', message: `is ${size} bytes, more than the 262144 a definition may have` }]);
    const deep = country((fields) => fields, { nested: JSON.parse(`${'['.repeat(30)}${']'.repeat(30)}`) });
    expect((await refused(deep)).result.problems).toEqual([{ path: '', message: 'nests deeper than the 24 levels a definition may have' }]);
    expect(await requests()).toEqual([]);
  });

  it('submits as a request on My Approval with the whole texts as one change; the maker cannot approve it; the checker does, served at once', async () => {
    await admin(STUDIO_API.saveDraft, { key: COUNTRY, text: withCapital('Country Name (official)') });
    const requestid = await submitted(withCapital('Country Name (official)'), 'capitals asked for');
    expect((await admin(STUDIO_API.detail, { key: COUNTRY })).body.result).toMatchObject({ draft: null, entry: { pendingRequest: requestid } });
    const again = await admin(STUDIO_API.submit, { key: COUNTRY, text: ORIGINAL, reason: 'again' });
    expect(again.body.status).toEqual({ responsecode: CODES.APPROVAL_PENDING, responsemessage: `Country "${COUNTRY}" already has a request waiting for approval` });
    const queued = (await checker('/api/my-approval/list')).body.result.find((r: { requestid: number }) => r.requestid === requestid);
    expect(queued).toMatchObject({ menucode: 'DEFSTUDIO', action: 'publish', record: `Country (${COUNTRY})`, requestedby: 'admin' });
    const detail = (await checker('/api/my-approval/detail', { requestid })).body.result;
    expect(detail.changes).toEqual([{ field: 'content', label: 'Definition', current: ORIGINAL, proposed: withCapital('Country Name (official)'), text: true }]);
    expect((await admin('/api/my-approval/approve', { requestid })).body.status.responsecode).toBe(CODES.OWN_REQUEST);

    const before = await indexVersion();
    expect((await approve(requestid)).body.status).toEqual({ responsecode: '0000', responsemessage: 'The request has been approved' });
    expect(label()).toBe('Country Name (official)');
    expect(await indexVersion()).not.toBe(before);
    const region = (await admin('/api/region/list')).body.result[0].regioncode;
    const created = await admin('/api/country/create', { countrycode: 'XQ', countryname: 'Xquisite', regioncode: region, countryphonecode: '+997', nationality: 'Xquisitian', capitalcity: 'Xville' });
    expect(created.body.result).toMatchObject({ countrycode: 'XQ', capitalcity: 'Xville' });
    const history = (await admin(STUDIO_API.history, { key: COUNTRY })).body.result;
    expect(history).toMatchObject([
      { version: 2, source: 'STUDIO', status: 'ACTIVE', reason: 'capitals asked for', createdby: 'admin', approvedby: 'checker' },
      { version: 1, source: 'FILE', status: 'SUPERSEDED', approvedby: null },
    ]);
    expect((await admin(STUDIO_API.version, { key: COUNTRY, version: 1 })).body.result).toEqual({ text: ORIGINAL });
    const [requested] = await userLog('REQUEST_APPROVAL');
    expect([requested!.username, JSON.parse(requested!.beforevalue!), JSON.parse(requested!.aftervalue!)]).toEqual(['admin', { version: 1, text: ORIGINAL }, { version: null, text: withCapital('Country Name (official)') }]);
    const [published] = await userLog('PUBLISH');
    expect([published!.username, published!.recordkey, JSON.parse(published!.aftervalue!)]).toEqual(['checker', COUNTRY, { version: 2, text: withCapital('Country Name (official)') }]);
  });

  it("refuses a submit removing a column that holds data with the start's message", async () => {
    const answer = await admin(STUDIO_API.submit, { key: COUNTRY, text: ORIGINAL, reason: 'no capitals' });
    const drift = new SchemaDriftError(['resource "country": field "capitalcity" was removed from its definition but its column holds data; write a migration in server/platform/db/migrations that drops or renames country.capitalcity']).message;
    expect(answer.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: drift });
    expect(answer.body.result.problems).toEqual([{ path: '', message: drift }]);
  });

  it('rolls back through a request: approved, the earlier text is served again', async () => {
    await approve(await submitted(withCapital('Country Name (short)'), 'shorter'));
    expect(label()).toBe('Country Name (short)');
    const asked = await admin(STUDIO_API.rollback, { key: COUNTRY, version: 2, reason: 'the official name again' });
    expect(asked.body.status.responsecode).toBe('0000');
    const requestid = asked.body.result.requestid as number;
    expect((await approve(requestid)).body.status.responsecode).toBe('0000');
    expect(label()).toBe('Country Name (official)');
    expect((await admin(STUDIO_API.history, { key: COUNTRY })).body.result[0]).toMatchObject({ version: 4, reason: 'the official name again', createdby: 'admin', approvedby: 'checker' });
    const [rolledBack] = await userLog('ROLLBACK');
    expect(JSON.parse(rolledBack!.beforevalue!)).toMatchObject({ version: 3 });
  });

  it('refuses to approve a request made stale by another version activated since', async () => {
    const requestid = await submitted(withCapital('Country Name (stale)'), 'stale soon');
    await server.app.definitions.activate([{ key: COUNTRY, text: withCapital('Country Name (meanwhile)'), by: 'analyst', reason: 'meanwhile' }]);
    const stale = await approve(requestid);
    expect(stale.body.status).toEqual({ responsecode: CODES.RECORD_CHANGED, responsemessage: `Country "${COUNTRY}" has changed since the request was made: reject this request and ask for a new one` });
    expect(label()).toBe('Country Name (meanwhile)');
    expect((await requests()).find((r) => r.requestid === requestid)?.status).toBe('PENDING');
    await checker('/api/my-approval/reject', { requestid, reason: 'stale' });
  });

  it('guards: reading and submitting need the menu functions', async () => {
    const branch = as('branch');
    expect((await branch(STUDIO_API.submit, { key: COUNTRY, text: ORIGINAL, reason: 'x' })).body.status.responsecode).toBe(CODES.FORBIDDEN);
    expect((await branch(STUDIO_API.list)).body.status.responsecode).toBe(CODES.FORBIDDEN);
    expect((await admin(STUDIO_API.submit, { key: COUNTRY, text: ORIGINAL, reason: 'x', extra: 1 })).http).toBe(400);
    expect((await admin(STUDIO_API.submit, { key: COUNTRY, text: ORIGINAL, reason: '' })).http).toBe(400);
  });

  it("grants nobody a menu's new function codes", async () => {
    const grants = () => server.database.db.selectFrom('role_permission').selectAll().orderBy('rolecode').orderBy('functioncode').execute();
    const before = await grants();
    const tree = TREE.replace('{ "menucode": "COUNTRY", "path": "/country", "label": "Country" }', '{ "menucode": "COUNTRY", "path": "/country", "label": "Country", "functions": ["EXPORT"] }');
    expect(tree).not.toBe(TREE);
    const asked = await admin(STUDIO_API.submit, { key: MENU_TREE_FILE, text: tree, reason: 'an export function' });
    expect(asked.body.status.responsecode, JSON.stringify(asked.body)).toBe('0000');
    expect((await approve(asked.body.result.requestid)).body.status.responsecode).toBe('0000');
    expect(server.app.definitions.catalogue().menus.find((m) => m.menucode === 'COUNTRY')?.functions).toEqual(['EXPORT']);
    expect(await grants()).toEqual(before);
  });
});
