import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, DEMO, login, openBrowser, openPhone } from './harness';

const card = (page: Page) => page.locator('section[aria-labelledby="backups-title"]');

/** Saves the Backups card alone to screenshots/<name>.png (git-ignored) for a person to look at. */
async function cardShot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '..', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await card(page).scrollIntoViewIfNeeded();
  await card(page).screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * Issue 34 §4: a backup is downloaded from Configurações → Backups in Chromium (the archive used to come with
 * Content-Encoding: br and the download failed): the download completes and the file is the backup — its
 * manifest line, then the archive whose SHA-256 the manifest holds. The card says whether backups are encrypted.
 */
describe('Configurações → Backups', () => {
  let s: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    s = await openBrowser();
    page = s.page;
    await login(page, DEMO.admin);
    await page.goto('/admin/settings');
    await card(page).getByRole('heading', { name: 'Backups', exact: true }).waitFor();
  });
  afterAll(() => s.close());

  it('makes a backup and downloads it: the download completes and the file is the backup', async () => {
    await card(page)
      .getByText(/Backups sem criptografia/)
      .waitFor();
    await card(page).getByRole('button', { name: 'Fazer backup agora' }).click();
    await page.getByRole('alert').filter({ hasText: 'Backup feito.' }).waitFor({ timeout: 110_000 });
    const item = card(page)
      .getByRole('listitem')
      .filter({ hasText: /manual/i })
      .first();
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: /^Baixar / }).click();
    const saved = await download;
    expect(await saved.failure()).toBeNull();
    expect(saved.suggestedFilename()).toMatch(/^backoffice-.*-manual\.pglite\.backup$/);
    const file = readFileSync(await saved.path());
    const end = file.indexOf(0x0a, file.indexOf(0x0a) + 1);
    expect(file.subarray(0, 20).toString()).toBe('BACKOFFICE-BACKUP 1\n');
    const manifest = JSON.parse(file.subarray(20, end).toString());
    const archive = file.subarray(end + 1);
    expect(manifest.archive).toEqual({
      sha256: createHash('sha256').update(archive).digest('hex'),
      bytes: archive.length,
    });
    // The archive itself: PGlite's data folder as a gzip.
    expect(archive.subarray(0, 2).toString('hex')).toBe('1f8b');
    expect(statSync(await saved.path()).size).toBe(file.length);
    await cardShot(page, 'backups-card-desktop');
  }, 120_000);

  it('on a phone the card reads whole, the encryption said', async () => {
    const phone = await openPhone();
    try {
      await login(phone.page, DEMO.admin);
      await phone.page.goto('/admin/settings');
      await card(phone.page)
        .getByText(/Backups sem criptografia/)
        .waitFor();
      await cardShot(phone.page, 'backups-card-phone');
    } finally {
      await phone.close();
    }
  });
});
