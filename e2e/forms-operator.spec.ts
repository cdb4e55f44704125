import { expect, oneViewportFor, test } from './support/test.ts';
import { apiLogin, prepareStorage, text } from './support/session.ts';
import { bearer, deleteAccount, expectRefused, freshAccount } from './support/accounts.ts';

/**
 * The operator's forms, in Serbian (the default) and English (docs/input-rules.md "Every form
 * saves, or says why"): a new producer's papers verified and household approved (the reason
 * refused beside its field first when it holds a control character), a report resolved; each read
 * back after a reload. The producer and the reported buyer are the journey's own, signed up here and deleted at the
 * end (the household hidden), and the report is about that buyer, so the seeded console's queues
 * and the public catalogue stay as they were.
 */
const OPERATOR = 'admin@domace.rs';

// Two accounts signed up and a console worked through, on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const language of ['sr', 'en'] as const) {
  test(`operator approves, verifies and resolves (${language}): refused beside the reason first, read back`, async ({ page, request }, testInfo) => {
    oneViewportFor(language, testInfo.project.name);
    const t = (ns: string, key: string, values: Record<string, string> = {}) => text(language, ns, key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
    const name = `Forms gazdinstvo ${language} ${testInfo.project.name} ${Date.now().toString(36)}`;
    const producer = await freshAccount(request, { tag: `forms-operator-${language}-${testInfo.project.name}`, userType: 'producer', language, name });
    // A buyer of the journey's own, reported for the Reports tab.
    const buyer = await freshAccount(request, { tag: `forms-reported-${language}-${testInfo.project.name}`, language });
    const operator = await apiLogin(request, OPERATOR);
    try {
      const reported = await request.post('/api/reports', { headers: bearer(operator), data: { targetType: 'buyer', targetId: buyer.user.id, reason: 'spam', note: name } });
      expect(reported.status(), await reported.text()).toBe(201);

      await prepareStorage(page, { language, session: operator });
      await page.goto('/admin');
      const row = page.getByRole('listitem', { name });
      // The console's first load is slow on a busy machine.
      await expect(row).toBeVisible({ timeout: 30_000 });

      // Verify the papers (no field to refuse: one button), then approve.
      await row.getByRole('button', { name: t('papers', 'admin.verifyNamed', { name }) }).click();
      await expect(page.getByText(t('papers', 'admin.verified', { name }))).toBeVisible();
      await expect(row.getByText(t('papers', 'verified'), { exact: false })).toBeVisible();

      const reason = row.getByLabel(t('admin', 'reason', { name }));
      await reason.fill('Papiri\u0007 u redu');
      await row.getByRole('button', { name: t('admin', 'producers.approve'), exact: true }).click();
      await expectRefused(reason, t('admin', 'reasonInvalid'));
      await reason.fill('Папири у реду');
      await row.getByRole('button', { name: t('admin', 'producers.approve'), exact: true }).click();
      await expect(page.getByText(t('admin', 'done'), { exact: true }).first()).toBeVisible();
      await expect(row).toBeHidden();

      // Read back after a reload: approved, papers checked.
      await page.reload();
      await page.getByRole('group', { name: t('admin', 'producers.filter') }).getByRole('button', { name: t('admin', 'producers.status.approved') }).click();
      const approved = page.getByRole('listitem', { name });
      await expect(approved).toBeVisible();
      await expect(approved.getByText(t('papers', 'verified'), { exact: false })).toBeVisible();

      // Resolve the report (dismiss), read back among the resolved ones after a reload.
      await page.getByRole('tab', { name: t('admin', 'tabs.reports') }).click();
      const report = page.getByRole('listitem').filter({ hasText: name });
      await report.getByRole('button', { name: t('admin', 'reports.dismiss') }).click();
      await expect(report).toBeHidden();
      await page.reload();
      await page.getByRole('tab', { name: t('admin', 'tabs.reports') }).click();
      await page.getByRole('group', { name: t('admin', 'reports.filter') }).getByRole('button', { name: t('admin', 'reports.status.resolved') }).click();
      await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();

      const audit = (await (await request.get('/api/admin/producers?status=approved&limit=100', { headers: bearer(operator) })).json()) as { items: { id: string; legal: { verifiedAt: string | null } }[] };
      expect(audit.items.find((h) => h.id === producer.user.id)?.legal.verifiedAt).toBeTruthy();
    } finally {
      const open = (await (await request.get('/api/admin/reports?status=open&limit=100', { headers: bearer(operator) })).json()) as { items: { id: string; note: string | null }[] };
      for (const r of open.items.filter((x) => x.note === name)) await request.post(`/api/admin/reports/${r.id}/resolve`, { headers: bearer(operator), data: { action: 'dismiss' } });
      await deleteAccount(request, producer);
      await deleteAccount(request, buyer);
    }
  });
}
