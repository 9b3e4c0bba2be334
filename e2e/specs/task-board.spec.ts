import { expectAccessible } from '../pages/shell.pages';
import { expect, test } from '../support/signed-in.fixture';
import { signedInApi } from '../support/signed-in-api';

type Task = { id: string; workflowStage: string; assigneeId: string | null; version: number };

const boardPath = (projectId: string) =>
  `/tasks?v=&m=board&f=${encodeURIComponent(JSON.stringify([{ field: 'projectId', op: 'eq', value: projectId }]))}`;

// The engine's board by keyboard (issue 20): a focused card goes to another stage with
// Shift+Left/Right and up or down its stage with Shift+Up/Down, the arrows alone go from card to
// card, I assigns it to me, Enter opens it; each move is read out and writes the card once.
test('a task board card is moved, assigned to me and opened with the keyboard', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Keys', code: 'KEY' }, { status: 201 });
  const made: Record<string, Task> = {};
  for (const name of ['Alpha', 'Bravo', 'Charlie'])
    made[name] = await api.post<Task>('/api/v1/tasks', { name, projectId: project.id }, { status: 201 });

  await page.goto(boardPath(project.id));
  const board = page.getByRole('list', { name: 'Tasks by stage' });
  const todo = board.getByRole('listitem', { name: /^To do/ });
  const doing = board.getByRole('listitem', { name: /^In progress/ });
  const status = page.getByRole('status').filter({ hasText: /moved|assigned/ });
  await expect(todo).toHaveAccessibleName('To do (3)');
  await expect(page.getByText(/Shift\+arrow keys move it/)).toBeVisible();
  // opened by its address, each column was asked for once before the board painted: the first
  // address's prefetch asks what the board asks, so the board finds its cards in the cache
  const [workflow] = await api.get<{ stages: unknown[] }[]>(`/api/v1/core/workflows?entity=Task&scopeId=${project.id}`);
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('board-painted').length)).toBe(1);
  const asked = await page.evaluate(() => {
    const painted = performance.getEntriesByName('board-painted')[0]?.startTime ?? 0;
    return performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/v1/tasks/list') && e.startTime < painted).length;
  });
  expect(asked).toBe(workflow?.stages.length);
  const order = (column: typeof todo) =>
    column.locator('[data-card-id]').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  // the cards come in the list's order until someone places them; a, b and c as they come
  await expect.poll(async () => (await order(todo)).length).toBe(3);
  const [a = '', b = '', c = ''] = (await order(todo)) as string[];

  // Shift+Right: to the next stage; the focus goes with the card
  await todo.getByRole('group', { name: a }).focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(status).toHaveText(`${a} moved to In progress`);
  await expect(doing).toHaveAccessibleName('In progress (1)');
  await expect(doing.getByRole('group', { name: a })).toBeFocused();
  // Shift+Left: back, to the end of To do
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(todo).toHaveAccessibleName('To do (3)');
  await expect(todo.getByRole('group', { name: a })).toBeFocused();
  await expect.poll(() => order(todo)).toEqual([b, c, a]);
  // Shift+Up: above Charlie
  await page.keyboard.press('Shift+ArrowUp');
  await expect(status).toHaveText(`${a} moved`);
  await expect.poll(() => order(todo)).toEqual([b, a, c]);
  await expect(todo.getByRole('group', { name: a })).toBeFocused();

  // I: assigned to me
  await page.keyboard.press('i');
  await expect(status).toHaveText(`${a} assigned to you`);
  const alpha = await api.get<Task>(`/api/v1/tasks/${made[a]?.id}`);
  const me = (await api.get<{ id: string; tenantUserId: string }[]>('/api/v1/admin/tenants')).find((t) => t.id === tenantId);
  expect(alpha.assigneeId).toBe(me?.tenantUserId);
  // created, three moves and the assignment: each wrote the task once
  expect(alpha.version).toBe(5);
  expect(alpha.workflowStage).toBe(made[a]?.workflowStage);

  // the arrows alone go from card to card; Enter opens the card that has the focus
  await page.keyboard.press('ArrowDown');
  await expect(todo.getByRole('group', { name: c })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(todo.getByRole('group', { name: b })).toBeFocused();
  await expectAccessible(page, 'task board with a focused card');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${made[b]?.id}`));
  await expect(page.getByRole('heading', { name: b, level: 1 })).toBeVisible();
});

// Issue 20: drag on the board and see it move in a second browser. The other browser's board
// never polls, so the card can only arrive there through the live record events.
test('a card dragged on a project board moves on the same board in a second browser', async ({ workspace, signedIn }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Live', code: 'LIV' }, { status: 201 });
  for (const name of ['Paint the hall', 'Fix the door']) await api.post('/api/v1/tasks', { name, projectId: project.id }, { status: 201 });
  const other = await signedIn.open(tenantId);
  try {
    await page.goto(boardPath(project.id));
    await other.page.goto(boardPath(project.id));
    const columns = (p: typeof page) => {
      const board = p.getByRole('list', { name: 'Tasks by stage' });
      return { todo: board.getByRole('listitem', { name: /^To do/ }), review: board.getByRole('listitem', { name: /^In review/ }) };
    };
    const here = columns(page);
    const there = columns(other.page);
    await expect(here.todo).toHaveAccessibleName('To do (2)');
    await expect(there.todo).toHaveAccessibleName('To do (2)');
    await here.todo.getByText('Paint the hall').dragTo(here.review);
    await expect(here.review).toHaveAccessibleName('In review (1)');
    await expect(there.review.getByText('Paint the hall')).toBeVisible({ timeout: 5_000 });
    await expect(there.review).toHaveAccessibleName('In review (1)');
    await expect(there.todo).toHaveAccessibleName('To do (1)');
  } finally {
    await other.context.close();
  }
});

// A column draws the cards in its view first and the rest right after (issue 20): every card of
// a long column is on the board, and the last one can be scrolled to and moved.
test('a column longer than its view draws every card, the last one reachable', async ({ workspace }) => {
  const { page, tenantId } = workspace;
  const api = await signedInApi(page, tenantId);
  const project = await api.post<{ id: string }>('/api/v1/projects', { name: 'Long column', code: 'LNG' }, { status: 201 });
  for (let i = 1; i <= 14; i += 1)
    await api.post('/api/v1/tasks', { name: `Step ${String(i).padStart(2, '0')}`, projectId: project.id }, { status: 201 });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(boardPath(project.id));
  const todo = page.getByRole('list', { name: 'Tasks by stage' }).getByRole('listitem', { name: /^To do/ });
  await expect(todo).toHaveAccessibleName('To do (14)');
  await expect(todo.locator('[data-card-id]')).toHaveCount(14);
  const names = await todo.locator('[data-card-id]').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  expect([...names].sort()).toEqual(Array.from({ length: 14 }, (_, i) => `Step ${String(i + 1).padStart(2, '0')}`));
  // the column's last card, drawn in the second pass
  const lastName = names[names.length - 1] ?? '';
  const last = todo.getByRole('group', { name: lastName });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await last.getByRole('combobox', { name: `Move ${lastName} to` }).selectOption({ label: 'In progress' });
  await expect(todo).toHaveAccessibleName('To do (13)');
});
