import { readFile } from 'node:fs/promises';
import type { components } from '#openapi/schema.d.ts';
import { expect, test } from '../support/fixtures';
import { apiGet } from './business-support';

type Me = components['schemas']['Me'];
type PortalDocument = components['schemas']['Document'];

test('/documents: a document downloads as a PDF in the interface language and opens in a new tab', async ({
  page,
  request,
  loginAs,
  apiLogin,
  expectNoAxeViolations,
}) => {
  const email = 'user@demo.test';
  const token = await apiLogin(request, email);
  const { lang } = await apiGet<Me>(request, token, '/users/me');
  const documents = await apiGet<PortalDocument[]>(request, token, '/documents');
  const planTitle = documents.find((document) => document.id === 'marketing_plan')?.title[lang];

  await loginAs(page, email);
  await page.goto('/documents');
  await expect(page.locator('[data-document]')).toHaveCount(documents.length);
  const plan = page.locator('[data-document="marketing_plan"]');
  await expect(plan.getByRole('heading')).toHaveText(planTitle ?? 'missing title');
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await plan.locator('[data-action="download"]').click();
  await expect(plan.locator('[data-action="download"]')).toBeEnabled();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`marketing_plan-${lang}.pdf`);
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);

  const opening = page.waitForEvent('popup');
  await page.locator('[data-document="ethics_code"] [data-action="open"]').click();
  const tab = await opening;
  expect(tab.url()).toMatch(/^blob:/);
  await tab.close();
  await expect(page.locator('[data-document="ethics_code"] [role="alert"]')).toHaveCount(0);
});
