// Order management in Chromium, with one login: a new member's card order (made by the enrollment)
// walked through Order Printing (bulk Next Step on the selected row), Order Package (Next Step on all the search
// finds, then the row's) and Order Delivery (row Next Step) to DELIVERED; another one returned on delivery, reordered on Order Return, sent again from Order
// Reorder and delivered; its tracking timeline on Order Tracking (return then reorder, the reorder's own cycle,
// On Time / Over SLA, the destination table's Return and Reorder tags) at the three widths of spec 001 §4.4,
// and on the member page's Mailing Order step.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerYes, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';
import { definitionDb } from '../../server/platform/db/definitionDb';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

const today = () => new Date().toISOString().slice(0, 10);
let serial = 0;
const draft = () => {
  const n = ++serial;
  return {
    membership: { membershipid: 'FFP', enrollmentdate: today(), enrollchannel: 'BO' },
    cobrand: {},
    personal: {
      firstname: `Order${'ABCDEFGHIJ'[n]}`, lastname: 'Tracking Test', gender: 'FEMALE', birthdate: '1990-04-12', nationality: 'ID',
      idcardno: `3171${String(900 + n).padStart(12, '0')}`, passportno: `X${String(900 + n).padStart(7, '0')}`, email: `order.track.${n}@example.id`,
      mobilephonecode: '+62', mobilephonenumber: `81299${String(n).padStart(5, '0')}`, preferredaddress: 'PRIVATE', nameoncard: 'ORDER TRACKING TEST',
    },
    privateaddress: { address: 'Jl. Kemang Raya No. 8', country: 'ID', postalcode: '12730', phonecode: '+62', phoneregion: '21', phonenumber: '7190001' },
    businessaddress: {},
  };
};

/**
 * What of the destination table does not fit: the table scrolling sideways, or a tag cut by its cell or by the
 * page's content box. Empty when every tag shows whole.
 */
async function clippedDestinationTags(page: Page): Promise<string[]> {
  return page.locator('.order-tracking').evaluate((tracking) => {
    const faults: string[] = [];
    const table = tracking.querySelector('.order-destinations .ant-table-content, .order-destinations .ant-table-body') as HTMLElement | null;
    if (table && table.scrollWidth > table.clientWidth + 1) faults.push(`the table scrolls sideways (${table.scrollWidth} > ${table.clientWidth})`);
    const box = tracking.getBoundingClientRect();
    for (const tag of Array.from(tracking.querySelectorAll('.order-destinations .ant-tag'))) {
      const r = tag.getBoundingClientRect();
      const cell = (tag.closest('td') as HTMLElement).getBoundingClientRect();
      if (r.left < cell.left - 0.5 || r.right > cell.right + 0.5) faults.push(`"${tag.textContent}" is cut by its cell`);
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) faults.push(`"${tag.textContent}" is cut by the page`);
    }
    return faults;
  });
}

/** The three layouts of the timeline and a width of each. */
const WIDTHS = [
  { width: 1366, layout: 'wide' },
  { width: 800, layout: 'medium' },
  { width: 600, layout: 'narrow' },
] as const;

describe('order management in Chromium', () => {
  let rig: BrowserRig;
  let page: Page;
  let admin: string;
  const consoleErrors: string[] = [];
  const any = () => definitionDb(rig.server.database.db);
  const statusOf = async (orderid: number) => String((await any().selectFrom('card_order').select('status').where('orderid', '=', orderid).executeTakeFirstOrThrow()).status);

  /** A member enrolled through the API: the order its enrollment placed. */
  async function enrolledOrder(): Promise<number> {
    const answer = await rig.server.call('/api/enrollment/create', draft(), { token: admin });
    expect(answer.body.status.responsecode, answer.body.status.responsemessage).toBe('0000');
    const row = await any().selectFrom('card_order').select(['orderid', 'status', 'reason']).where('memberid', '=', answer.body.result.memberid).executeTakeFirstOrThrow();
    expect([row.status, row.reason]).toEqual(['PAYMENT_SUCCESS', 'ENROLLMENT']);
    return Number(row.orderid);
  }

  /** Opens a step screen on one order and waits for its row. */
  async function openOn(path: string, orderid: number) {
    await startClean(page, `${path}?orderid=${orderid}`);
    await poll(() => rows(page).count()).toBe(1);
    await poll(() => rows(page).first().innerText()).toContain(String(orderid));
  }

  /** The row's action button (by its label), confirmed, and the order's new status. */
  async function rowAction(path: string, orderid: number, label: string, expected: string) {
    await openOn(path, orderid);
    await rows(page).first().getByRole('button', { name: label }).click();
    await answerYes(page, `Are you sure to ${label} this data?`);
    await poll(() => statusOf(orderid)).toBe(expected);
  }

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig();
    admin = (await rig.server.login('admin')).body.result.bearer;
    page = await rig.newPage();
    page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text().slice(0, 300))));
    page.on('pageerror', (error) => void consoleErrors.push(error.message));
    await logIn(page, 'admin');
    await page.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => {
    await rig?.close();
    expect(consoleErrors).toEqual([]);
  });

  it("walks a new member's card from enrollment to DELIVERED through the step screens", async () => {
    // The demo's orders waiting for printing.
    await startClean(page, '/order-management/printing');
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    await settled(page.locator('.ant-table'));
    await page.screenshot({ path: `${screenshotDir}/order-printing.png`, fullPage: true, animations: 'disabled' });
    const orderid = await enrolledOrder();
    // Order Printing: the selected row moved by the bulk bar's Next Step, three times.
    for (const expected of ['READYTOPRINT', 'PRINTING', 'PRINTED']) {
      await openOn('/order-management/printing', orderid);
      await rows(page).first().locator('.ant-checkbox').click();
      const bar = page.locator('.engine-bulkbar');
      await poll(() => bar.innerText()).toContain('1 selected');
      await bar.getByRole('button', { name: 'Next Step' }).click();
      await answerYes(page);
      await poll(() => statusOf(orderid)).toBe(expected);
    }
    // Printed: off Order Printing, on Order Package.
    await startClean(page, `/order-management/printing?orderid=${orderid}`);
    await poll(() => page.locator('.ant-table-placeholder').count()).toBe(1);
    // Order Package: every order the search finds (this one) by the bar's Next Step (all), then row by row.
    await openOn('/order-management/package', orderid);
    const all = page.locator('.engine-allbar');
    await poll(() => all.innerText()).toContain('1 found');
    await all.getByRole('button', { name: 'Next Step (all)' }).click();
    await answerYes(page);
    await poll(() => statusOf(orderid)).toBe('READYTOPACK');
    for (const expected of ['PACKING', 'PACKED']) await rowAction('/order-management/package', orderid, 'Next Step', expected);
    for (const expected of ['READYTODELIVER', 'DELIVERING', 'DELIVERED']) await rowAction('/order-management/delivery', orderid, 'Next Step', expected);
    await startClean(page, `/order-management/track?orderid=${orderid}`);
    await poll(() => rows(page).first().innerText()).toContain('Delivered');
  });

  it('returns an order on delivery, reorders it and delivers it again; its timeline at three widths', async () => {
    const orderid = await enrolledOrder();
    // To on delivery through the API (the screens' moves are walked above).
    for (const resource of ['order-printing', 'order-printing', 'order-printing', 'order-package', 'order-package', 'order-package', 'order-delivery', 'order-delivery']) {
      expect((await rig.server.call(`/api/${resource}/next-step`, { orderid }, { token: admin })).body.status.responsecode).toBe('0000');
    }
    expect(await statusOf(orderid)).toBe('DELIVERING');
    await rowAction('/order-management/delivery', orderid, 'Return', 'RETURN');
    await rowAction('/order-management/return', orderid, 'Reorder', 'REORDER');
    await rowAction('/order-management/reorder', orderid, 'Next Step', 'READYTODELIVER');
    await rowAction('/order-management/delivery', orderid, 'Next Step', 'DELIVERING');
    await rowAction('/order-management/delivery', orderid, 'Next Step', 'DELIVERED');

    await startClean(page, `/order-management/track/form/${orderid}/tracking`);
    const timeline = page.locator('.order-tracking');
    await timeline.waitFor();
    const first = timeline.locator('.order-cycle').first();
    await poll(() => first.locator('.order-step').count()).toBe(11);
    await poll(() => first.locator('.order-step-label').allInnerTexts()).toEqual([
      'payment success', 'ready to print', 'printing', 'printed', 'ready to packaging', 'packaging', 'packaged', 'ready to pick up', 'on delivery', 'return', 'reorder',
    ].map((label) => expect.stringMatching(new RegExp(`^${label}$`, 'i'))));
    const todayText = today().split('-').reverse().join('/');
    expect(await first.locator('.order-step-date').first().innerText()).toBe(todayText);
    expect(await first.locator('.order-step-sla').first().innerText()).toBe('On Time');
    const reorder = timeline.locator('.order-cycle').nth(1);
    await poll(() => reorder.innerText()).toContain('Reorder 1');
    expect(await reorder.locator('.order-step-reached').count()).toBe(3);
    const destinations = page.locator('.order-destinations .ant-table-tbody tr.ant-table-row');
    await poll(() => destinations.count()).toBe(2);
    expect(await destinations.first().innerText()).toContain('Return');
    expect(await destinations.nth(1).innerText()).toContain('Reorder');
    expect(await destinations.first().innerText()).toContain('Jl. Kemang Raya No. 8');
    // Send to and the address in words: the member's own address, its country by name, not its code.
    const cells = (row: number) => destinations.nth(row).locator('td').allInnerTexts();
    await poll(async () => (await cells(0))[2]).toBe('Member Address');
    await poll(async () => (await cells(0))[3]).toBe('Jl. Kemang Raya No. 8, Indonesia, 12730');
    await destinations.nth(1).locator('.ant-tag').hover();
    await poll(() => page.locator('.ant-tooltip:visible').innerText()).toBe('Current Destination Address');

    // Work notes: saved with the order.
    const notes = page.locator('[id="root_worknotes"]');
    await notes.fill('Courier: nobody home twice; reordered to the same address.');
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(async () => (await any().selectFrom('card_order').select('worknotes').where('orderid', '=', orderid).executeTakeFirstOrThrow()).worknotes).toBe('Courier: nobody home twice; reordered to the same address.');

    for (const { width, layout } of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await poll(() => timeline.getAttribute('data-layout')).toBe(layout);
      await settled(timeline);
      expect(await clippedDestinationTags(page), `destination tags at ${width} px`).toEqual([]);
      await page.screenshot({ path: `${screenshotDir}/order-tracking-${layout}-${width}.png`, fullPage: true, animations: 'disabled' });
    }
    // Wide: one row of steps; narrow: one step under another.
    await page.setViewportSize({ width: 1366, height: 900 });
    await poll(() => timeline.getAttribute('data-layout')).toBe('wide');
    const tops = await first.locator('.order-step').evaluateAll((steps) => steps.map((s) => Math.round(s.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await page.setViewportSize({ width: 600, height: 900 });
    await poll(() => timeline.getAttribute('data-layout')).toBe('narrow');
    const narrowTops = await first.locator('.order-step').evaluateAll((steps) => steps.map((s) => Math.round(s.getBoundingClientRect().top)));
    expect(new Set(narrowTops).size).toBe(11);
    await page.setViewportSize({ width: 1366, height: 800 });

    // The member page's Mailing Order step: the member's orders, each opening the same timeline.
    const { memberid } = await any().selectFrom('card_order').select('memberid').where('orderid', '=', orderid).executeTakeFirstOrThrow();
    await startClean(page, `/member/form/${memberid}/mailing-order`);
    const orders = page.locator('.member-orders .ant-table-tbody tr.ant-table-row');
    await poll(() => orders.count()).toBe(1);
    await poll(() => orders.first().innerText()).toContain('Delivered');
    await orders.first().locator('.ant-table-row-expand-icon').click();
    await poll(() => page.locator('.member-orders .order-tracking .order-cycle').count()).toBe(2);
    await settled(page.locator('.member-orders'));
    await page.screenshot({ path: `${screenshotDir}/order-tracking-member-page.png`, fullPage: true, animations: 'disabled' });
  });
});
