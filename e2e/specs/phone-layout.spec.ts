import { expect, test } from '../support/signed-in.fixture';
import { expectAccessible } from '../pages/shell.pages';
import { signedInApi } from '../support/signed-in-api';
import { ImportWizardPage } from '../pages/import-export.pages';

// Issue 26 item 12: a real phone layout — a list is a column of cards (title, two key fields,
// stage), its toolbar sits behind one button, a page title keeps its words whole, and the board
// shows one column at a time.
test('at 390 px a list is cards, its tools behind one button, and the board one column at a time', async ({ workspace }) => {
  const { page } = workspace;
  const api = await signedInApi(page);
  for (const name of ['Contoso desks', 'Fabrikam signage'])
    await api.post('/api/v1/opportunities', { name, expectedValue: 2500 }, { status: 201 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/opportunities?v=');

  // the title on one line, whole
  const heading = page.getByRole('heading', { name: 'Opportunities', level: 1 });
  await expect(heading).toBeVisible();
  const box = await heading.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(40);

  // a card per record: its title links to it, its fields are named, its stage is shown
  const cards = page.locator('.list-card');
  await expect(cards).toHaveCount(2);
  const contoso = cards.filter({ hasText: 'Contoso desks' });
  await expect(contoso.getByRole('link', { name: 'Contoso desks' })).toBeVisible();
  await expect(contoso.locator('dt').first()).toBeVisible();
  await expect(contoso).toContainText('Qualification');
  await expect(page.getByRole('table')).toHaveCount(0);

  // the toolbar: search, and the rest behind "Filters and view"
  await expect(page.getByRole('searchbox', { name: 'Search opportunities' }).or(page.getByLabel('Search opportunities'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Columns' })).toHaveCount(0);
  const tools = page.getByRole('button', { name: 'Filters and view' });
  await expect(tools).toHaveAttribute('aria-expanded', 'false');
  await tools.click();
  await expect(tools).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Columns' })).toBeVisible();
  await expectAccessible(page, 'list as cards at 390 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

  // the board: one column fills the width, the next one peeks and the columns snap
  await page.getByRole('radiogroup', { name: 'Show as' }).getByText('Board').click();
  const column = page.locator('.board-column').first();
  await expect(column).toBeVisible();
  const width = (await column.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan(280);
  expect(await page.locator('.board').evaluate((el) => getComputedStyle(el).scrollSnapType)).toContain('x');
});

// item 12: the import mapping at 390 px — the column's samples under its name, the field choice
// beside it, nothing cut off or pushed out of the screen
test('at 390 px the import mapping fits: each column with its samples and its field choice on screen', async ({ workspace }) => {
  const { page } = workspace;
  await page.setViewportSize({ width: 390, height: 844 });
  const wizard = new ImportWizardPage(page, '/contacts');
  await wizard.openFromList();
  await wizard.upload(
    'phone.csv',
    'First name,Last name,E-mail address,Company phone number\nAda,Lovelace,ada@example.com,+44 20 7946 0000\n',
  );
  for (const column of ['First name', 'Last name', 'E-mail address', 'Company phone number']) {
    const choice = page.getByRole('combobox', { name: `Field for column ${column}` });
    await choice.scrollIntoViewIfNeeded();
    const box = await wizard.fieldFor(column).boundingBox();
    expect(box, column).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), `${column}: its field choice ends inside the screen`).toBeLessThanOrEqual(390);
  }
  await expect(page.getByText('ada@example.com')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'import mapping at 390 px');
});
