// The dashboard as a panels page in Chromium, over the real server and its seeded members: the Member Tier
// panel draws the server's figures, a filter change refetches at once (with the spinner while it loads),
// Reset, Enlarge in the 960 modal, the empty placeholder, the closable red banner with the server's message,
// dates not later than today, and the layout at 1366 and below antd's lg breakpoint.
import { mkdirSync } from 'node:fs';
import type { Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatThousands } from '../../engine/definition/chartData';
import { resolveDateBound } from '../../engine/definition/dateBounds';
import { chooseOption, logIn, screenshotDir, settled, startBrowserRig, type BrowserRig } from './browser';

/**
 * Where the category labels of a chart (slanted or not) collide: each tick label's quadrilateral on screen (its
 * text box through the SVG's transform), tested pairwise with the separating-axis test, and each against the chart's own
 * box. Empty when every label shows whole and apart from the others.
 */
async function slantedLabels(svg: Locator): Promise<{ count: number; faults: string[] }> {
  return svg.evaluate((chart) => {
    type Point = { x: number; y: number };
    const quads = Array.from(chart.querySelectorAll('.recharts-xAxis text.recharts-cartesian-axis-tick-value')).map((node) => {
      const text = node as SVGTextElement;
      const box = text.getBBox();
      const matrix = text.getScreenCTM()!;
      const corners = [
        [box.x, box.y],
        [box.x + box.width, box.y],
        [box.x + box.width, box.y + box.height],
        [box.x, box.y + box.height],
      ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
      return { label: text.textContent ?? '', corners: corners.map((p) => ({ x: p.x, y: p.y })) };
    });
    const axes = (q: Point[]) => q.map((p, i) => { const n = q[(i + 1) % q.length]!; return { x: -(n.y - p.y), y: n.x - p.x }; });
    const project = (q: Point[], a: Point) => { const d = q.map((p) => p.x * a.x + p.y * a.y); return [Math.min(...d), Math.max(...d)] as const; };
    const cross = (a: Point[], b: Point[]) =>
      [...axes(a), ...axes(b)].every((axis) => { const [a0, a1] = project(a, axis); const [b0, b1] = project(b, axis); return a1 > b0 + 0.5 && b1 > a0 + 0.5; });
    const faults: string[] = [];
    const frame = chart.getBoundingClientRect();
    for (const [i, q] of quads.entries()) {
      if (q.corners.some((p) => p.x < frame.left - 0.5 || p.x > frame.right + 0.5 || p.y > frame.bottom + 0.5)) faults.push(`"${q.label}" is cut by the chart's edge`);
      for (const other of quads.slice(i + 1)) if (cross(q.corners, other.corners)) faults.push(`"${q.label}" overlaps "${other.label}"`);
    }
    return { count: quads.length, faults };
  });
}

const PATH = '/api/dashboard/member-tier';
const poll = expect.poll;

interface TierRow {
  tiername: string;
  gender: string;
  percentage: number;
  jumlah: number;
}

describe('dashboard panels in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  const today = () => resolveDateBound('today', new Date())!;
  const panel = () => page.locator('[data-panel="member-tier"]');
  const bodyIn = (scope = panel()) => scope.locator('.engine-panel-body');
  const labelsIn = (scope = panel()) => scope.locator('.recharts-pie-label-text').allTextContents();
  /** What the pie's labels say for the server's rows: '<tier>: <members> (<percentage>%)'. */
  const labelsOf = (rows: TierRow[]) => rows.map((r) => `${r.tiername}: ${formatThousands(r.jumlah)} (${formatThousands(r.percentage)}%)`);

  /** Runs the action and returns the panel query it caused: the criteria sent and the server's answer. */
  async function queryAfter(action: () => Promise<unknown>): Promise<{ criteria: Record<string, unknown>; code: string; message: string; rows: TierRow[] }> {
    const answered = page.waitForResponse((r: Response) => r.url().endsWith(PATH));
    await action();
    const response = await answered;
    const body = (await response.json()) as { status: { responsecode: string; responsemessage: string }; result: unknown };
    const sent = response.request().postDataJSON() as { parameter: { criteria: Record<string, unknown> } };
    return { criteria: sent.parameter.criteria, code: body.status.responsecode, message: body.status.responsemessage, rows: body.result as TierRow[] };
  }

  const urlFilters = () => Object.fromEntries(new URL(page.url()).searchParams);

  /** The query the dashboard made on opening after the login. */
  let first: Awaited<ReturnType<typeof queryAfter>>;

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    page = await rig.newPage();
    first = await queryAfter(() => logIn(page, 'admin'));
  });
  afterAll(async () => rig?.close());

  it('opens on / as the Dashboard page with the Member Tier panel drawing the server\'s figures in tier order', async () => {
    expect(first.criteria).toEqual({ gender: 'ALL', startdate: today() });
    expect(first.code).toBe('0000');
    await poll(() => labelsIn()).toEqual(labelsOf(first.rows));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.title()).toBe('Dashboard | Loyalty Management System');
    expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(1);
    expect(await panel().locator('.ant-card-head-title').innerText()).toBe('Member Tier');
    const legend = await panel().locator('.recharts-legend-item-text').allTextContents();
    expect(legend).toEqual(['Blue', 'Silver', 'Gold', 'Platinum']);
    // The seven-colour palette, first colours in order.
    const fills = await panel().locator('.recharts-pie-sector path').evaluateAll((paths) => paths.map((p) => p.getAttribute('fill')));
    expect(fills).toEqual(['#1d5fa8', '#13a8a8', '#f5a623', '#e8684a']);
    await page.screenshot({ path: `${screenshotDir}/dashboard-1366.png`, fullPage: true });
  });

  const FILTER_CHANGES: { what: string; act: () => Promise<unknown>; criteria: () => Record<string, unknown>; url: () => Record<string, string> }[] = [
    {
      what: 'choosing Female',
      act: () => chooseOption(page, panel().getByLabel('Gender'), 'Female'),
      criteria: () => ({ gender: 'FEMALE', startdate: today() }),
      url: () => ({ 'member-tier.gender': 'FEMALE' }),
    },
    {
      what: 'typing an earlier start date',
      act: async () => {
        const input = panel().getByLabel('Start Date');
        await input.click();
        await input.fill('01/01/2022');
        await input.press('Enter');
      },
      criteria: () => ({ gender: 'FEMALE', startdate: '2022-01-01' }),
      url: () => ({ 'member-tier.gender': 'FEMALE', 'member-tier.startdate': '2022-01-01' }),
    },
    {
      what: 'Reset',
      act: () => panel().getByRole('button', { name: 'Reset' }).click(),
      criteria: () => ({ gender: 'ALL', startdate: today() }),
      url: () => ({}),
    },
  ];

  it.each(FILTER_CHANGES)('refetches at once on $what, keeps the filters in the URL and draws the new figures', async ({ act, criteria, url }) => {
    const query = await queryAfter(act);
    expect(query.criteria).toEqual(criteria());
    expect(query.code).toBe('0000');
    await poll(() => labelsIn()).toEqual(labelsOf(query.rows));
    expect(urlFilters()).toEqual(url());
  });

  it('shows the spinner while the query runs', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${PATH}`, async (route) => {
      await held;
      await route.continue();
    });
    try {
      const query = queryAfter(() => chooseOption(page, panel().getByLabel('Gender'), 'Male'));
      await poll(() => panel().locator('.ant-spin-spinning').count()).toBe(1);
      expect(await bodyIn().getAttribute('data-state')).toBe('loading');
      release();
      const { rows } = await query;
      await poll(() => bodyIn().getAttribute('data-state')).toBe('loaded');
      expect(await panel().locator('.ant-spin-spinning').count()).toBe(0);
      await poll(() => labelsIn()).toEqual(labelsOf(rows));
    } finally {
      release();
      await page.unroute(`**${PATH}`);
    }
  });

  it('offers no start date later than today', async () => {
    const input = panel().getByLabel('Start Date');
    await input.click();
    const dropdown = page.locator('.ant-picker-dropdown:visible');
    await settled(dropdown);
    const tomorrow = resolveDateBound('+1d', new Date())!;
    const cell = (day: string) => dropdown.locator(`td[title="${day}"]`);
    expect(await cell(today()).getAttribute('class')).not.toContain('ant-picker-cell-disabled');
    expect(await cell(tomorrow).getAttribute('class')).toContain('ant-picker-cell-disabled');
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
  });

  it('opens the panel enlarged in a modal 960 wide, whose filters are the panel\'s', async () => {
    await panel().getByRole('button', { name: 'Enlarge' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Member Tier' });
    await settled(dialog);
    expect((await page.locator('.ant-modal').boundingBox())!.width).toBe(960);
    const query = await queryAfter(() => chooseOption(page, dialog.getByLabel('Gender'), 'Female'));
    expect(query.criteria).toEqual({ gender: 'FEMALE', startdate: today() });
    await poll(() => labelsIn(dialog)).toEqual(labelsOf(query.rows));
    await page.screenshot({ path: `${screenshotDir}/dashboard-enlarged.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await panel().locator('.ant-select-content').first().innerText()).toBe('Female');
    await poll(() => labelsIn()).toEqual(labelsOf(query.rows));
  });

  it('shows the empty placeholder when there is nothing to draw', async () => {
    const query = await queryAfter(() => page.goto('/?member-tier.startdate=2000-01-01'));
    expect([query.code, query.rows]).toEqual(['0000', []]);
    await poll(() => panel().locator('.ant-empty-description').filter({ hasText: 'No data' }).count()).toBe(1);
    expect(await panel().getByRole('alert').count()).toBe(0);
  });

  it('shows the server\'s message in a closable red banner when the query fails, and recovers on the next change', async () => {
    const query = await queryAfter(() => page.goto('/?member-tier.gender=UNKNOWN'));
    expect([query.code, query.message]).toEqual(['1002', 'Gender must be one of All, Male, Female']);
    const banner = panel().getByRole('alert');
    await poll(() => banner.innerText()).toBe(query.message);
    expect(await panel().locator('.ant-alert-error').count()).toBe(1);
    expect(await panel().locator('.ant-empty-description').filter({ hasText: 'No data' }).count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/dashboard-error.png` });
    await banner.getByRole('button', { name: 'Close' }).click();
    await poll(() => banner.count()).toBe(0);
    const next = await queryAfter(() => chooseOption(page, panel().getByLabel('Gender'), 'Male'));
    expect(next.code).toBe('0000');
    await poll(() => labelsIn()).toEqual(labelsOf(next.rows));
    expect(await panel().getByRole('alert').count()).toBe(0);
  });

  /** Runs the action and returns the criteria the named panel query was sent and its answer's rows. */
  async function panelQuery(query: string, action: () => Promise<unknown>): Promise<{ criteria: Record<string, unknown>; code: string; rows: Record<string, unknown>[] }> {
    const answered = page.waitForResponse((r: Response) => r.url().endsWith(`/api/dashboard/${query}`));
    await action();
    const response = await answered;
    const body = (await response.json()) as { status: { responsecode: string }; result: Record<string, unknown>[] };
    return { criteria: (response.request().postDataJSON() as { parameter: { criteria: Record<string, unknown> } }).parameter.criteria, code: body.status.responsecode, rows: body.result };
  }
  const flight = () => page.locator('[data-panel="flight"]');
  const carrier = () => flight().getByLabel('Carrier');
  const carrierSelect = () => flight().locator('.ant-select:has(#card-flight-ffpcarriercode)');

  it('draws the eight panels of spec 000 §2 in order, each from its own query answering 0000 with the last 30 days', async () => {
    const queries = ['enrollment', 'flight', 'promo-code', 'non-air-activity', 'corporate-activity', 'member-tier', 'member-activity', 'redemption'];
    const answers = await Promise.all([...queries.map((q) => panelQuery(q, async () => {})), page.goto('/')]);
    expect(await page.locator('.engine-panel .ant-card-head-title').allTextContents()).toEqual([
      'Enrollment Member', 'Flight', 'Promo Code', 'Non-Air Activity', 'Corporate Activity', 'Member Tier', 'Member Activity', 'Redemption',
    ]);
    const range = [resolveDateBound('-30d', new Date()), today()];
    for (const [i, answer] of answers.slice(0, queries.length).entries()) {
      expect((answer as Awaited<ReturnType<typeof panelQuery>>).code, queries[i]).toBe('0000');
      const criteria = (answer as Awaited<ReturnType<typeof panelQuery>>).criteria;
      if (queries[i] !== 'member-tier') expect(Object.values(criteria).filter((v) => typeof v === 'string' && /^\d{4}-/.test(v)), queries[i]).toEqual(range);
    }
    // Lines through the Member Activity panel's tiers and bars of the Non-Air panel's partners, as the server counted them.
    await poll(() => page.locator('[data-panel="non-air-activity"] .recharts-bar-rectangle').count()).toBe(Math.min(10, (answers[3] as Awaited<ReturnType<typeof panelQuery>>).rows.length));
    await page.screenshot({ path: `${screenshotDir}/dashboard-panels-1366.png`, fullPage: true });
  });

  it('Flight: the carrier filter is off for All and Non-Member, one carrier for Member GA, several for Member Non-GA', async () => {
    expect(await carrierSelect().getAttribute('class')).toContain('ant-select-disabled');
    const ga = await panelQuery('flight', () => chooseOption(page, flight().getByLabel('Member', { exact: true }), 'Member GA'));
    expect(ga.criteria).toMatchObject({ member: 'MEMBERGA', ffpcarriercode: [] });
    expect(await carrierSelect().getAttribute('class')).not.toContain('ant-select-disabled');
    expect(await carrierSelect().getAttribute('class')).not.toContain('ant-select-multiple');
    await panelQuery('flight', () => chooseOption(page, flight().getByLabel('Member', { exact: true }), 'Member Non-GA'));
    expect(await carrierSelect().getAttribute('class')).toContain('ant-select-multiple');
    const list = page.locator('.ant-select-dropdown:visible').first();
    let last!: Awaited<ReturnType<typeof panelQuery>>;
    for (const name of ['KLM Royal Dutch Airlines', 'Singapore Airlines']) {
      last = await panelQuery('flight', async () => {
        if (!(await list.isVisible())) await carrier().click();
        await carrier().fill(name);
        await settled(list);
        await list.locator(`.ant-select-item-option[title=${JSON.stringify(name)}]`).click();
      });
    }
    expect(last.criteria).toMatchObject({ member: 'MEMBERNONGA', ffpcarriercode: ['KL', 'SQ'] });
    expect(last.code).toBe('0000');
    expect(new Set(last.rows.map((r) => r.ffpcarriercode))).toEqual(new Set(last.rows.length ? ['KL', 'SQ'].filter((c) => last.rows.some((r) => r.ffpcarriercode === c)) : []));
    await carrier().blur();
    const off = await panelQuery('flight', () => chooseOption(page, flight().getByLabel('Member', { exact: true }), 'Non-Member'));
    expect(off.criteria).toMatchObject({ member: 'NONMEMBER', ffpcarriercode: [] });
    expect(await carrierSelect().getAttribute('class')).toContain('ant-select-disabled');
  });

  it('opens the Flight panel enlarged in the 960 modal with its lines and legend', async () => {
    await flight().getByRole('button', { name: 'Reset' }).click();
    await poll(() => urlFilters()).toEqual({});
    await flight().getByRole('button', { name: 'Enlarge' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Flight' });
    await settled(dialog);
    expect((await page.locator('.ant-modal').boundingBox())!.width).toBe(960);
    expect(await dialog.getByLabel('Member', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/dashboard-flight-enlarged.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the announcement banner when ANNOUNCEMENT_SHOW is true; Open Announcement shows its content', async () => {
    const db = rig.server.database.db as unknown as import('kysely').Kysely<any>;
    const content = 'Mileage statements for October are being sent today.';
    expect(await page.getByText('You Have One Announcement').count()).toBe(0);
    await db.updateTable('general_config').set({ value: 'true' }).where('key', '=', 'ANNOUNCEMENT_SHOW').execute();
    const before = (await db.selectFrom('general_config').select('value').where('key', '=', 'ANNOUNCEMENT_CONTENT').executeTakeFirst())!.value as string;
    await db.updateTable('general_config').set({ value: content }).where('key', '=', 'ANNOUNCEMENT_CONTENT').execute();
    try {
      await panelQuery('announcement', () => page.goto('/'));
      const banner = page.locator('.engine-announcement');
      await poll(() => banner.innerText()).toContain('You Have One Announcement');
      await banner.getByRole('button', { name: 'Open Announcement' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: content });
      await settled(dialog);
      await page.screenshot({ path: `${screenshotDir}/dashboard-announcement.png` });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await banner.getByRole('button', { name: 'Close' }).click();
      await poll(() => banner.count()).toBe(0);
    } finally {
      await db.updateTable('general_config').set({ value: 'false' }).where('key', '=', 'ANNOUNCEMENT_SHOW').execute();
      await db.updateTable('general_config').set({ value: before }).where('key', '=', 'ANNOUNCEMENT_CONTENT').execute();
    }
  });

  it('draws the axis labels of the Redemption, Flight and Member Activity panels apart and whole, at 1366 and 800 px', async () => {
    for (const width of [1366, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      for (const key of ['redemption', 'flight', 'member-activity']) {
        const chart = page.locator(`[data-panel="${key}"]`);
        await poll(() => chart.locator('.recharts-xAxis text').count()).toBeGreaterThan(1);
        await chart.scrollIntoViewIfNeeded();
        const drawn = await slantedLabels(chart.locator('svg.recharts-surface:has(.recharts-xAxis)'));
        expect(drawn.count, `${key} labels at ${width} px`).toBeGreaterThan(1);
        expect(drawn.faults, `${key} labels at ${width} px`).toEqual([]);
        if (key === 'redemption') await chart.screenshot({ path: `${screenshotDir}/dashboard-redemption-${width}.png` });
      }
    }
    await page.setViewportSize({ width: 1366, height: 800 });
  });

  it('puts two panels a row at 1366 and one below the lg breakpoint (991)', async () => {
    const content = async () => (await page.locator('.engine-panels').boundingBox())!.width;
    const width = async () => (await panel().boundingBox())!.width;
    expect((await width()) / (await content())).toBeLessThan(0.52);
    await page.setViewportSize({ width: 991, height: 800 });
    await poll(async () => (await width()) / (await content())).toBeGreaterThan(0.98);
    await page.screenshot({ path: `${screenshotDir}/dashboard-991.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 800 });
  });
});
