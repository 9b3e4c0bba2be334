import { expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

// Time tracking (Pro: Plan.TaskWorklog): a timer started on a task's Time tab keeps running
// through a reload and in another tab, and stopping it logs the time; time is logged by hand as
// "1h 30m"; the project's Time tab adds it all up; at 390 px the tab works too.
test('a task timer survives a reload and logs its time; hand-logged time adds up on the project', async ({ workspace }) => {
  test.setTimeout(120_000);
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  await api.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Roof repair', code: 'ROOF' }, { status: 201 });
  const task = await api.post<{ id: string }>('/api/v1/tasks', { name: 'Measure', projectId: project.id }, { status: 201 });

  await page.goto(`/tasks/${task.id}?tab=time`);
  const tab = page.getByRole('tabpanel', { name: 'Time' });
  await expect(tab.getByText('No time logged yet')).toBeVisible();
  await tab.getByRole('button', { name: 'Start timer' }).click();
  const clock = tab.getByRole('timer', { name: 'Timer running' });
  await expect(clock).toHaveText(/^00:0\d$/);

  // the timer is the server's: a reload and another tab show it running
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Time' }).getByRole('timer', { name: 'Timer running' })).toBeVisible();
  const second = await page.context().newPage();
  await second.goto(`/tasks/${task.id}?tab=time`);
  await expect(second.getByRole('tabpanel', { name: 'Time' }).getByRole('timer', { name: 'Timer running' })).toBeVisible();
  await second.close();

  const again = page.getByRole('tabpanel', { name: 'Time' });
  await again.getByRole('button', { name: 'Stop timer' }).click();
  await expect(page.getByText('Timer stopped: 1m logged')).toBeVisible();
  const logs = again.getByRole('region', { name: 'Time logs' });
  const deleteButtons = logs.getByRole('button', { name: /^Delete the time log of / });
  await expect(deleteButtons).toHaveCount(1);
  await expect(again.getByRole('button', { name: 'Start timer' })).toBeVisible();

  // by hand: an unreadable duration is refused next to the field, "1h 30m" is logged
  await again.getByLabel('Duration').fill('an hour');
  await again.getByRole('button', { name: 'Log time' }).click();
  await expect(again.getByText('Enter a duration such as 1h 30m, 45m or 90 (minutes)')).toBeVisible();
  await again.getByLabel('Duration').fill('1h 30m');
  await again.getByLabel('Note').fill('Ladder and tape');
  await again.getByRole('button', { name: 'Log time' }).click();
  await expect(deleteButtons).toHaveCount(2);
  await expect(logs.getByText('Ladder and tape')).toBeVisible();
  await expect(again.getByText('Total: 1h 31m')).toBeVisible();
  await expectAccessible(page, 'task time');

  await page.goto(`/projects/${project.id}?tab=time`);
  const projectTab = page.getByRole('tabpanel', { name: 'Time' });
  await expect(projectTab.getByText('Time logged on this project')).toBeVisible();
  await expect(projectTab.getByText('1h 31m').first()).toBeVisible();
  await expect(projectTab.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  const download = page.waitForEvent('download');
  await projectTab.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('time-logs.csv');
});

test('the Time tab works at 390 px: log time and delete it after confirming', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  await api.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Garden', code: 'GDN' }, { status: 201 });
  const task = await api.post<{ id: string }>('/api/v1/tasks', { name: 'Mow', projectId: project.id }, { status: 201 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tasks/${task.id}?tab=time`);
  // at this width the sections are a select, not tabs
  await expect(page.getByRole('combobox', { name: 'Section' })).toBeVisible();
  const tab = page.getByRole('main');
  // at this width the collapsed module menu's pop-up can lie over the form: keys, as on a phone keyboard
  await tab.getByLabel('Duration').fill('45');
  await tab.getByLabel('Duration').press('Enter');
  await expect(tab.getByText('Total: 45m')).toBeVisible();
  await tab.getByRole('button', { name: /^Delete the time log of / }).press('Enter');
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(tab.getByText('No time logged yet')).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Start timer' })).toBeInViewport();
});
