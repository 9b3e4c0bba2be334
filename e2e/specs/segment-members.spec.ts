import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/signed-in.fixture';
import { CampaignPages } from '../pages/campaigns.pages';
import { ContactDetailPage } from '../pages/contacts.pages';
import { horizontalOverflow, PHONE } from '../pages/site-map.pages';
import { expectAccessible } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';

// A dynamic segment's members follow contact edits (issue 24, round three): the segment page's
// count changes live when someone edits a contact into the segment, and after a reload when the
// user does it themselves; Rebuild (confirmed) runs the repair job and shows its progress.
test("editing a contact moves it into a dynamic segment: the segment's count follows, live and after a reload", async ({
  workspace: { page },
}) => {
  test.setTimeout(120_000);
  const api = await signedInApi(page);
  const town = `Town${randomUUID().slice(0, 8)}`;
  await api.createContact({ firstName: 'Ada', lastName: 'Lovelace', email: `ada-${randomUUID().slice(0, 8)}@example.org`, address: town });
  const bob = await api.createContact({ firstName: 'Bob', lastName: 'Builder', email: `bob-${randomUUID().slice(0, 8)}@example.org` });
  const cy = await api.createContact({ firstName: 'Cy', lastName: 'Elsewhere', email: `cy-${randomUUID().slice(0, 8)}@example.org` });
  const pages = new CampaignPages(page);

  // the segment, built with the filter builder: one member
  await pages.segments.openList();
  await pages.segments.create({ Name: `${town} people` });
  await pages.addSegmentFilter('Address', 'contains', town);
  await pages.save();
  const banner = page.getByRole('alert').filter({ has: page.getByTestId('segment-count') });
  await expect(banner.getByTestId('segment-count')).toHaveText('1 contacts');
  const segmentUrl = page.url();

  // someone else moves Bob to the town: the open page's count follows without a reload
  const moved = await api.patch(`/api/v1/contacts/${String(bob.id)}`, Number(bob.version), [
    { op: 'replace', path: '/address', value: town },
  ]);
  expect(moved.status).toBe(200);
  await expect(banner.getByTestId('segment-count')).toHaveText('2 contacts');

  // the user edits Cy's address on the contact's page, then comes back: three
  const contact = new ContactDetailPage(page);
  await contact.open(String(cy.id), 'Cy Elsewhere');
  await contact.form().getByLabel('Address').fill(`1 Main Street, ${town}`);
  await contact.save();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await page.goto(segmentUrl);
  await expect(banner.getByTestId('segment-count')).toHaveText('3 contacts');
  await pages.segments.tab('Recipients');
  await expect(page.getByRole('link', { name: 'Cy Elsewhere' })).toBeVisible();

  // Rebuild: confirmed first, then the job's progress until it is done
  await banner.getByRole('button', { name: 'Rebuild' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Rebuild the members of/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Rebuild', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Rebuild progress' })).toBeVisible();
  await expect(page.locator('.job-progress').getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(banner.getByTestId('segment-count')).toHaveText('3 contacts');
  await expectAccessible(page, 'segment page with its rebuild');

  // at 390 px the banner and its button fit
  await page.setViewportSize(PHONE);
  await page.goto(segmentUrl);
  await expect(banner.getByRole('button', { name: 'Rebuild' })).toBeVisible();
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});

// A segment whose filter names a custom field deleted since: its page says so, with the field,
// and keeps its last members.
test('a segment whose filter names a deleted custom field shows the broken filter', async ({ workspace: { page } }) => {
  const api = await signedInApi(page);
  await api.put('/api/v1/core/entity-fields?entity=Contact', {
    fields: [{ kind: 'singleLine', label: 'Region', key: 'region', dataType: 'text' }],
  });
  await api.createContact({ firstName: 'Nora', lastName: 'North', customFields: { region: 'North' } });
  const segment = await api.post<{ id: string }>('/api/v1/segments', {
    name: 'Northerners',
    query: { filters: [{ field: 'customFields.region', op: 'eq', value: 'North' }] },
  });
  await api.put('/api/v1/core/entity-fields?entity=Contact', { fields: [] });
  await page.goto(`/segments/${segment.id}`);
  const banner = page.getByRole('alert').filter({ has: page.getByTestId('segment-count') });
  await expect(banner.getByTestId('segment-count')).toHaveText('1 contacts');
  const warning = page.getByRole('alert').filter({ hasText: 'This filter no longer works' });
  await expect(warning).toBeVisible();
  await expect(warning.getByText(/query\.filters\.0\.field/)).toBeVisible();
  await expectAccessible(page, 'segment page with a broken filter');
});
