// Branches and ticket offices on both databases: the seeded sales network, their selectors (the cascade
// by branch and the composite 'branch|office' value), and the User screen's choice of both checked on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { resourceModel, validateRecord } from '../../engine/definition/compile';
import { loadCatalogue } from '../../server/platform/definitions';
import { rowToRecord, type Row } from '../../server/platform/resources/records';
import { BRANCHES, TICKET_OFFICES } from '../../server/platform/seed/referenceLists';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const catalogue = loadCatalogue();

describe.each(testDatabases)('branches and ticket offices on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const call = (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token: admin, ...extra });
  const options = async (selector: string, criteria?: Row): Promise<Row[]> => (await call('/api/selector/options', { selector, criteria })).body.result;
  const rowsOf = (resource: string) => {
    const table = resourceModel(catalogue.screenByResource.get(resource)!).table;
    return definitionDb(server.database.db).selectFrom(table).selectAll().execute() as Promise<Row[]>;
  };
  const officer = { username: 'qz.branchclerk', userfullname: 'Qz Branch Clerk', email: 'qz.branchclerk@alms.example', rolecode: 'BRANCH' };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('seeds the head office, the branch offices and their ticket offices, including the demo users\' ones', async () => {
    const branches = await rowsOf('branch');
    const offices = await rowsOf('ticket-office');
    expect(branches).toHaveLength(BRANCHES.length);
    expect(offices).toHaveLength(TICKET_OFFICES.length);
    expect(branches.length).toBeGreaterThanOrEqual(10);
    expect((await call('/api/branch/detail', { branchcode: 'JKTHO' })).body.result).toMatchObject({ branchname: 'Jakarta Head Office', citycode: 'IDJKT', status: 'ACTIVE', createdby: 'system' });
    expect((await call('/api/ticket-office/detail', { tickoffid: 'DPS01' })).body.result).toMatchObject({ branchcode: 'DPSBO', status: 'ACTIVE' });
    for (const user of ['admin', 'bod', 'branch', 'expired']) {
      const { branchcode, tickoffid } = (await call('/api/user/detail', { username: user })).body.result;
      expect(offices.find((o) => o.tickoffid === tickoffid)?.branchcode, user).toBe(branchcode);
    }
    // Every branch has one to three offices, sits in a seeded city, and every office in a seeded branch.
    const cities = new Set((await rowsOf('city')).map((c) => c.citycode));
    for (const branch of branches) {
      expect(cities.has(branch.citycode), String(branch.branchcode)).toBe(true);
      const count = offices.filter((o) => o.branchcode === branch.branchcode).length;
      expect(count, String(branch.branchcode)).toBeGreaterThanOrEqual(1);
      expect(count, String(branch.branchcode)).toBeLessThanOrEqual(3);
    }
  });

  it('stores only values the screens accept, so any seeded record can be saved unchanged', async () => {
    const refused: string[] = [];
    for (const resource of ['branch', 'ticket-office']) {
      const screen = catalogue.screenByResource.get(resource)!;
      const model = resourceModel(screen);
      for (const row of await rowsOf(resource)) {
        const errors = validateRecord(screen, rowToRecord(model, row), 'create');
        if (Object.keys(errors).length > 0) refused.push(`${resource} ${String(row[model.key[0]!])}: ${Object.values(errors).join('; ')}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('offers branches, the ticket offices of a branch, and ticket offices as branch|office values', async () => {
    const branches = await options('branch');
    expect(branches).toContainEqual({ value: 'JKTHO', label: 'Jakarta Head Office' });
    expect(branches).toContainEqual({ value: 'DPSBO', label: 'Denpasar Branch Office' });
    const labels = branches.map((b) => b.label as string);
    expect(labels).toEqual([...labels].sort());

    const denpasar = await options('ticket-office', { branchcode: 'DPSBO' });
    expect(denpasar.map((o) => o.value).sort()).toEqual(['DPS01', 'DPS02']);
    expect(denpasar.every((o) => o.branchcode === 'DPSBO')).toBe(true);
    expect(await options('ticket-office', { branchcode: 'NOSUCH' })).toEqual([]);

    const composite = await options('ticket-office-composite', { branchcode: 'JKTHO' });
    expect(composite.map((o) => o.value)).toContain('JKTHO|JKT01');
    expect(composite.every((o) => String(o.value).startsWith('JKTHO|'))).toBe(true);
  });

  it('lets a user choose a branch and one of its ticket offices, and refuses an office of another branch', async () => {
    const mismatch = await call('/api/user/create', { ...officer, branchcode: 'JKTHO', tickoffid: 'DPS01' });
    expect(mismatch.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(mismatch.body.result.fields).toEqual({ tickoffid: 'Ticket Office "DPS01" does not belong to the chosen Branch' });
    const unknown = await call('/api/user/create', { ...officer, branchcode: 'NOSUCH', tickoffid: 'DPS01' });
    expect(unknown.body.result.fields).toEqual({ branchcode: 'Branch "NOSUCH" does not exist' });
    expect((await call('/api/user/detail', { username: officer.username })).body.status.responsecode).toBe(CODES.NOT_FOUND);

    expect((await call('/api/user/create', { ...officer, branchcode: 'DPSBO', tickoffid: 'DPS02' })).body.status.responsecode).toBe(CODES.SUCCESS);
    const moved = await call('/api/user/update', { ...officer, branchcode: 'SUBBO', tickoffid: 'DPS02' });
    expect(moved.body.result.fields).toEqual({ tickoffid: 'Ticket Office "DPS02" does not belong to the chosen Branch' });
    expect((await call('/api/user/update', { ...officer, branchcode: 'SUBBO', tickoffid: 'SUB02' })).body.status.responsecode).toBe(CODES.SUCCESS);
    // Both stay optional: a partner's user has neither.
    expect((await call('/api/user/update', { ...officer, branchcode: null, tickoffid: null })).body.status.responsecode).toBe(CODES.SUCCESS);
  });

  it('refuses to delete a branch a ticket office belongs to, and deletes it once the office is gone', async () => {
    const branch = { branchcode: 'QZBO', branchname: 'Qz Branch Office', citycode: 'IDBDO', address: 'Jl. Asia Afrika No. 1, Bandung 40111', phone: '+62224200000', email: 'qzbo@alms.example' };
    expect((await call('/api/branch/create', branch)).body.status.responsecode).toBe(CODES.SUCCESS);
    const office = { tickoffid: 'QZ01', tickoffname: 'Qz City Office', branchcode: 'QZBO', address: 'Jl. Asia Afrika No. 1, Bandung 40111' };
    expect((await call('/api/ticket-office/create', office)).body.status.responsecode).toBe(CODES.SUCCESS);

    const refused = await call('/api/branch/delete', { branchcode: 'QZBO' });
    expect(refused.body.status).toEqual({ responsecode: CODES.IN_USE, responsemessage: 'Branch "QZBO" is used by Ticket Office and cannot be deleted' });
    expect((await call('/api/branch/detail', { branchcode: 'QZBO' })).body.status.responsecode).toBe(CODES.SUCCESS);

    expect((await call('/api/ticket-office/delete', { tickoffid: 'QZ01' })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await call('/api/branch/delete', { branchcode: 'QZBO' })).body.status.responsecode).toBe(CODES.SUCCESS);
  });

  it('refuses a ticket office of an unknown branch and bad codes with the rule message', async () => {
    const noBranch = await call('/api/ticket-office/create', { tickoffid: 'QZ02', tickoffname: 'Qz Desk', branchcode: 'NOSUCH', address: 'Somewhere' });
    expect(noBranch.body.result.fields).toEqual({ branchcode: 'Branch "NOSUCH" does not exist' });
    const lowercase = await call('/api/branch/create', { branchcode: 'qzbo', branchname: 'Qz', citycode: 'IDBDO', address: 'Somewhere' });
    expect(lowercase.body.result.fields).toEqual({ branchcode: 'Branch Code can be filled with uppercase letters and numbers only' });
  });
});
