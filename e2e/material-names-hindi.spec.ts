import { call, DEMO, DEMO_PASSWORD, expect, test, tokenOf } from './support';

// Issue 39 item 6 (design.md section 23): a material has a Hindi name, shown wherever a
// Hindi screen names it. The admin gives one in the material form; the rate card, the
// materials list and a store's order form then say it. It changes a material's Hindi
// name (and puts it back), so it takes its turn with the other tests (no BESIDE_OTHERS).

interface Material {
  id: number;
  name: string;
  name_hi: string | null;
}

test('an admin reading Hindi gives a material its Hindi name and sees it on the rate card; the seeded ones show in Hindi', async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO.admin.loginId);
  const steel = (await call<Material[]>(request, admin, 'GET', '/materials')).find((m) => m.name === 'Steel')!;
  expect(steel.name_hi).toBe('स्टील');
  try {
    await page.goto('/login');
    await page.getByRole('button', { name: /हिन्दी/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.getByLabel('ई-मेल').fill(DEMO.admin.loginId);
    await page.getByRole('textbox', { name: 'पासवर्ड', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'साइन इन करें' }).click();
    await expect(page).not.toHaveURL(/\/login$/i);

    // The rate card's columns are the materials, named in Hindi from the seed.
    await page.goto('/Admin/RateByCity');
    const header = page.getByRole('columnheader');
    await expect(header.filter({ hasText: 'तांबा' })).toBeVisible();
    await expect(header.filter({ hasText: 'अख़बार' })).toBeVisible();
    await expect(header.filter({ hasText: /^Copper/ })).toHaveCount(0);

    // The admin changes Steel's Hindi name in the material form.
    await page.getByRole('tab', { name: 'माल', exact: true }).click();
    await page.getByRole('button', { name: 'स्टील बदलें' }).click();
    const form = page.getByRole('dialog');
    const hindiName = form.getByLabel('हिंदी में नाम');
    await expect(hindiName).toHaveValue('स्टील');
    await hindiName.fill('इस्पात');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/materials/${steel.id}`) && r.request().method() === 'PATCH');
    await form.getByRole('button', { name: 'सहेजें' }).click();
    expect((await saved).status()).toBe(200);
    await expect(form).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: 'इस्पात' });
    // The list shows the Hindi name, with the English one under it.
    await expect(row).toContainText('Steel');

    // Back on the card (the same page: the change marked the catalog stale, so it asks again).
    await page.getByRole('tab', { name: 'रेट कार्ड', exact: true }).click();
    await expect(page.getByRole('columnheader').filter({ hasText: 'इस्पात' })).toBeVisible();
    await page.screenshot({ path: '/tmp/material-names-hindi.png' });
    expect((await call<Material[]>(request, admin, 'GET', '/materials')).find((m) => m.id === steel.id)?.name_hi).toBe('इस्पात');
  } finally {
    await call(request, admin, 'PATCH', `/materials/${steel.id}`, { name_hi: 'स्टील' });
    // Other browser tests sign in as the demo admin and read English.
    const prefs = await call<{ value: Record<string, unknown> }>(request, admin, 'GET', '/settings/notification/me');
    await call(request, admin, 'PUT', '/settings/notification/me', { ...prefs.value, language: 'en' });
  }
});
