// The Definition Studio in Chromium, on both databases: `admin` finds Country (its schema completing a field's keys and format's values),
// relabels a field and adds one with rules, the preview drawing both while the text changes; a broken reference shows
// its problem at its place and blocks Submit; the fixed text is submitted with a reason, `checker` approves it on My
// Approval (the change side by side), and Country shows the new label and the new field (its column saving a value)
// without a restart; the history lists both versions and compares them; a rollback that would drop the new column is
// refused, and a rollback through approval brings the earlier label back.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS_DIR } from '../../engine/definition/definitionFiles';
import { STUDIO_TEXTS } from '../../engine/render/studio/studioTexts';
import { answerYes, rejectWaitingRequests, chooseOption, logIn, screenshotDir, settled, startBrowserRig, startClean, type BrowserRig } from './browser';
import { testDatabases } from '../server/harness';

const COUNTRY = 'basic-configuration/country.json';
const ORIGINAL = readFileSync(join(SCREENS_DIR, COUNTRY), 'utf8');
const OLD_LABEL = 'Country Name';
const NEW_LABEL = 'Country Name (official)';
const SHORT_LABEL = 'Country Name (short)';
const REMARKS = '{ "name": "remarks", "label": "Remarks", "placeholder": "Remarks", "rules": ["max.20"], "column": true, "form": true }';

/**
 * Country's text as an analyst edits it (its layout kept): the name labelled `label`, the remarks field added before
 * the status, and the region's selector named `selector`.
 */
function edited(selector = 'region', label = NEW_LABEL): string {
  return ORIGINAL.replace(`"label": "${OLD_LABEL}"`, `"label": "${label}"`)
    .replace('"source": { "selector": "region" }', `"source": { "selector": "${selector}" }`)
    .replace(/\n( +)\{\n +"name": "status"/, (status, indent: string) => `\n${indent}${REMARKS},${status}`);
}

const editor = (page: Page) => page.locator('.studio-editor .cm-content');
const preview = (page: Page) => page.getByTestId('studio-preview');
const previewHeads = async (page: Page) => (await preview(page).locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim());
const submit = (page: Page) => page.locator('.studio-actions').getByRole('button', { name: STUDIO_TEXTS.submit });
const toastShown = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
const heads = async (page: Page) => (await page.locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim());

/** Replaces the editor's whole text, as a paste would. */
async function replaceText(page: Page, text: string) {
  await editor(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

/** Answers the reason dialog titled `title` with `reason` (Yes), once it has finished opening; answers the dialog. */
async function giveReason(page: Page, title: string, reason: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await settled(dialog);
  await dialog.locator('#engine-reason').fill(reason);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  return dialog;
}

/** Opens the studio on Country. */
async function openCountry(page: Page) {
  await page.goto('/definition-studio');
  await chooseOption(page, page.locator('.studio-finder input'), 'Country');
  await expect.poll(() => page.locator('.studio-key').innerText()).toBe(COUNTRY);
  await editor(page).waitFor();
}

/** Approves the only waiting request on My Approval, its change shown side by side first. */
async function approveOnMyApproval(checker: Page) {
  await checker.goto('/my-approval');
  await expect.poll(() => checker.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
  await checker.getByRole('button', { name: 'View' }).click();
  const diff = checker.locator('.ant-drawer-open .engine-diff');
  await expect.poll(() => diff.locator('tr.engine-diff-changed').count()).toBeGreaterThan(0);
  await settled(checker.locator('.ant-drawer-open .ant-drawer-section'));
  await checker.screenshot({ path: `${screenshotDir}/studio-approval-diff.png` });
  await checker.locator('.ant-drawer-open .ant-drawer-footer').getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => checker.locator('.ant-drawer-open').count()).toBe(0);
  await checker.getByRole('button', { name: 'Approve' }).click();
  await answerYes(checker, 'Are you sure to rating/reject this data?');
  await toastShown(checker, 'The request has been approved');
}

describe.each(testDatabases)('the Definition Studio in Chromium on $name', (database) => {
  let rig: BrowserRig;
  let admin: Page;
  let checker: Page;

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    rig = await startBrowserRig({}, database);
    // The demo's own waiting requests are decided out of the way: My Approval shows the studio's only.
    await rejectWaitingRequests(rig.server, 'Out of the way of the studio test');
    admin = await rig.newPage();
    checker = await rig.newPage();
    await logIn(admin, 'admin');
    await logIn(checker, 'checker');
    await admin.getByText('Dashboard').first().waitFor();
    await checker.getByText('Dashboard').first().waitFor();
  });
  afterAll(async () => rig?.close());
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await admin.screenshot({ path: `${screenshotDir}/failed-studio-admin.png` }).catch(() => undefined);
    await checker.screenshot({ path: `${screenshotDir}/failed-studio-checker.png` }).catch(() => undefined);
    await startClean(admin, '/definition-studio');
  });

  it('finds Country; the preview draws the edited text while it changes; a broken reference blocks Submit at its place', async () => {
    await openCountry(admin);
    await expect.poll(() => previewHeads(admin)).toContain(OLD_LABEL);
    // Inside the first field the schema completes its keys, and format's values.
    await editor(admin).locator('.cm-line').filter({ hasText: '"name": "countrycode"' }).click();
    await admin.keyboard.press('End');
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('"form');
    const completions = admin.locator('.cm-tooltip-autocomplete');
    await expect.poll(() => completions.innerText()).toContain('format');
    await completions.locator('.cm-completionLabel').filter({ hasText: /^format$/ }).click();
    await admin.keyboard.press('Control+Space');
    await expect.poll(() => completions.innerText()).toContain('"status"');
    await admin.keyboard.press('Escape');
    await replaceText(admin, edited('nosuchselector'));
    await expect.poll(() => previewHeads(admin)).toEqual(expect.arrayContaining([NEW_LABEL, 'Remarks']));
    // The server's check of the selector lands on its property in the text.
    await expect.poll(() => admin.locator('.studio-editor .cm-lintRange-error').allInnerTexts()).toContainEqual(expect.stringContaining('nosuchselector'));
    expect(await submit(admin).isDisabled()).toBe(true);
    await admin.setViewportSize({ width: 1366, height: 900 });
    await admin.screenshot({ path: '/tmp/studio-1366.png', fullPage: true });
    await admin.setViewportSize({ width: 900, height: 900 });
    await admin.screenshot({ path: '/tmp/studio-900.png', fullPage: true });
    await admin.setViewportSize({ width: 1366, height: 800 });

    await replaceText(admin, edited());
    await expect.poll(() => admin.locator('.studio-editor .cm-lintRange-error').count()).toBe(0);
    await expect.poll(() => submit(admin).isEnabled()).toBe(true);
  });

  it('submits with a reason: the request number shows and the definition waits for it', async () => {
    await submit(admin).click();
    await giveReason(admin, STUDIO_TEXTS.submitTitle, 'The official names');
    await toastShown(admin, /Submitted for approval: request \d+/);
    await expect.poll(() => admin.locator('.studio-notices').innerText()).toMatch(/Request \d+ waits for approval/);
    expect(await submit(admin).isDisabled()).toBe(true);
  });

  it('checker approves it on My Approval; Country shows the new label and field at once, its column saving a value', async () => {
    await approveOnMyApproval(checker);
    await admin.goto('/country?countrycode=ID');
    await expect.poll(() => heads(admin)).toEqual(expect.arrayContaining([NEW_LABEL, 'Remarks']));
    await expect.poll(() => admin.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await admin.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('button', { name: 'Edit' }).click();
    const drawer = admin.locator('.ant-drawer-open .ant-drawer-section');
    await settled(drawer);
    await drawer.locator('#root_remarks').fill('Studio added me');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => admin.locator('.ant-drawer-open').count()).toBe(0);
    await expect.poll(() => admin.locator('.ant-table-tbody tr.ant-table-row').first().innerText()).toContain('Studio added me');
  });

  it('history lists both versions and compares them side by side', async () => {
    await openCountry(admin);
    const history = admin.getByTestId('studio-history');
    await expect.poll(() => history.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await history.locator('.ant-table-tbody .ant-checkbox-input').nth(0).check();
    await history.locator('.ant-table-tbody .ant-checkbox-input').nth(1).check();
    await history.getByRole('button', { name: STUDIO_TEXTS.compare }).click();
    await expect.poll(() => admin.getByTestId('studio-merge').locator('.cm-changedLine').count()).toBeGreaterThan(0);
    await admin.screenshot({ path: '/tmp/studio-compare.png' });
    await admin.keyboard.press('Escape');
    await expect.poll(() => admin.getByTestId('studio-merge').count()).toBe(0);
  });

  it("a rollback dropping the new field's column is refused with the start's message", async () => {
    const history = admin.getByTestId('studio-history');
    await history.locator('.ant-table-tbody tr.ant-table-row').nth(1).getByRole('button', { name: STUDIO_TEXTS.rollback }).click();
    const dialog = await giveReason(admin, STUDIO_TEXTS.rollbackTitle(1), 'Back to the file');
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').innerText()).toContain('field "remarks" was removed from its definition');
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a rollback through approval brings the earlier label back', async () => {
    await replaceText(admin, edited('region', SHORT_LABEL));
    await expect.poll(() => submit(admin).isEnabled()).toBe(true);
    await submit(admin).click();
    await giveReason(admin, STUDIO_TEXTS.submitTitle, 'Shorter names');
    await toastShown(admin, /Submitted for approval: request \d+/);
    await approveOnMyApproval(checker);

    await openCountry(admin);
    const history = admin.getByTestId('studio-history');
    await expect.poll(() => history.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    await history.locator('.ant-table-tbody tr.ant-table-row').nth(1).getByRole('button', { name: STUDIO_TEXTS.rollback }).click();
    await giveReason(admin, STUDIO_TEXTS.rollbackTitle(2), 'The official names again');
    await toastShown(admin, /Rollback submitted for approval: request \d+/);
    await approveOnMyApproval(checker);
    await admin.goto('/country');
    await expect.poll(() => heads(admin)).toEqual(expect.arrayContaining([NEW_LABEL, 'Remarks']));
    expect(await heads(admin)).not.toContain(SHORT_LABEL);
  });
});
