import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../../../test/harness';

// Dashboard widgets (issue 13, decision 037): a layout per user, only widgets the user may
// use; the CRM's widgets count the caller's own open deals, the open pipeline by close month,
// the caller's teams; recently changed records cover the kinds the caller may view.
let t: TestApp;
let c: Client;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.createUser({ name: 'Dana Dashboard' });
  tenantId = (await t.createTenant(owner)).id;
  c = t.client(owner, tenantId);
});
afterAll(async () => t.close());

describe('dashboard', () => {
  it('keeps each user’s widgets in their order, and never one they may not use', async () => {
    const first = await c.get('/api/v1/core/dashboard/layout');
    expect(first.body).toEqual({
      widgets: [
        'myOpenOpportunities',
        'pipelineByMonth',
        'recentRecords',
        'myTeams',
        'myTasks',
        'myProjects',
        'myTaskCalendar',
        'myResources',
        'myCalendar',
      ],
      customized: false,
    });
    const saved = await c.put('/api/v1/core/dashboard/layout', { widgets: ['myTeams', 'recentRecords'] });
    expect(saved.status, saved.text).toBe(200);
    expect((await c.get('/api/v1/core/dashboard/layout')).body).toEqual({ widgets: ['myTeams', 'recentRecords'], customized: true });
    expect((await c.put('/api/v1/core/dashboard/layout', { widgets: ['recentRecords', 'recentRecords'] })).status).toBe(400);
    expect((await c.put('/api/v1/core/dashboard/layout', { widgets: ['weather'] })).status).toBe(400);
    // a user without opportunities sees neither opportunity widget and cannot add one; my tasks
    // and my projects are every member's (default permissions)
    const reader = await t.addMemberWith(tenantId, ['Contact.ViewContacts']);
    const rc = t.client(reader, tenantId);
    expect((await rc.get('/api/v1/core/dashboard/layout')).body.widgets).toEqual([
      'recentRecords',
      'myTasks',
      'myProjects',
      'myTaskCalendar',
      'myResources',
      'myCalendar',
    ]);
    const denied = await rc.put('/api/v1/core/dashboard/layout', { widgets: ['pipelineByMonth'] });
    expect(denied.status).toBe(403);
    expect((await rc.get('/api/v1/dashboard/pipeline-by-month')).status).toBe(403);
  });

  it('counts my open deals by stage, the open pipeline by close month and my teams', async () => {
    const wf = await c.post('/api/v1/core/workflows', { entity: 'Opportunity', name: 'Sales', isDefault: true });
    const [open, , , won] = wf.body.stages as { id: string; name: string }[];
    const colleague = await t.addMember(tenantId, 'Member');
    const post = async (body: Record<string, unknown>) => {
      const res = await c.post('/api/v1/opportunities', body);
      expect(res.status, res.text).toBe(201);
    };
    await post({ name: 'Mine Dec', expectedValue: 1000, estimatedCloseDate: '2026-12-10', workflowStage: open?.id });
    await post({ name: 'Mine Jan', expectedValue: 250.5, estimatedCloseDate: '2027-01-20', workflowStage: open?.id });
    await post({
      name: 'Theirs Dec',
      expectedValue: 300,
      estimatedCloseDate: '2026-12-01',
      ownerId: colleague.tenantUserId,
      workflowStage: open?.id,
    });
    await post({ name: 'Mine won', expectedValue: 9999, estimatedCloseDate: '2026-12-05', workflowStage: won?.id });
    await post({ name: 'Mine undated', expectedValue: 50, workflowStage: open?.id });

    const mine = await c.get('/api/v1/dashboard/my-open-opportunities');
    expect(mine.status, mine.text).toBe(200);
    const first = mine.body.stages.find((s: { stageId: string }) => s.stageId === open?.id);
    expect(first).toMatchObject({ workflowName: 'Sales', count: 3, sum: 1300.5 });
    expect(mine.body.stages.some((s: { stageId: string }) => s.stageId === won?.id)).toBe(false);

    const months = await c.get('/api/v1/dashboard/pipeline-by-month');
    expect(months.body).toEqual({
      months: [
        { month: '2026-12', count: 2, sum: 1300 },
        { month: '2027-01', count: 1, sum: 250.5 },
      ],
      undated: { count: 1, sum: 50 },
    });

    const teams = await c.get('/api/v1/dashboard/my-teams');
    expect(teams.body).toEqual([expect.objectContaining({ isDefault: true, memberCount: 1 })]);

    const recent = await c.get('/api/v1/core/recent-records?limit=3');
    expect(recent.body.map((r: { title: string }) => r.title)).toEqual(['Mine undated', 'Mine won', 'Theirs Dec']);
    expect(recent.body[0]).toMatchObject({ kind: 'Opportunity', updatedAt: expect.any(String) });
  });
});
