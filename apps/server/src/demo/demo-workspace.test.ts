import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { DEMO_ACCOUNT, DEMO_WORKSPACE, seedDemoWorkspace } from './demo-workspace';

// `npm run demo` (decision 029): a workspace a new user can explore, made once, through the API.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the demo workspace', () => {
  it('is made once, with a signed-in-able account, an organization tree, contacts, leads, tags and notes', async () => {
    const first = await seedDemoWorkspace(t.app, t.database, t.config);
    expect(first).toMatchObject({ created: true, email: DEMO_ACCOUNT.email, workspace: DEMO_WORKSPACE.name });
    const [user] = await t.sql<{ id: string; email: string; verified: boolean }>(
      `select id, email, email_verified_at is not null as verified from users where email = $1`,
      [DEMO_ACCOUNT.email],
    );
    expect(user?.verified).toBe(true);
    const [tenant] = await t.sql<{ id: string }>(`select id from tenants where name = $1`, [DEMO_WORKSPACE.name]);
    const c = t.client({ id: user?.id ?? '', email: DEMO_ACCOUNT.email, name: DEMO_ACCOUNT.name }, tenant?.id);

    const orgs = await c.post('/api/v1/organizations/list', { pageSize: 100 });
    expect(orgs.body.total).toBe(12);
    const munich = orgs.body.data.find((o: { name: string }) => o.name === 'Northwind Retail Munich');
    expect(munich.parent).toMatchObject({ title: 'Northwind Retail' });
    const contacts = await c.post('/api/v1/contacts/list', { pageSize: 100 });
    expect(contacts.body.total).toBe(21);
    expect(contacts.body.data.every((r: { workflowStage: string | null }) => r.workflowStage !== null)).toBe(true);
    const leads = await c.post('/api/v1/leads/list', { pageSize: 100 });
    expect(leads.body.total).toBe(12);
    expect(leads.body.data.filter((r: { convertedAt: string | null }) => r.convertedAt !== null)).toHaveLength(1);
    const maria = contacts.body.data.find((r: { lastName: string }) => r.lastName === 'Anders');
    expect(maria.tags.map((x: { name: string }) => x.name)).toEqual(['VIP']);
    expect(maria.organization).toMatchObject({ title: 'Northwind Holding' });
    const deals = await c.post('/api/v1/opportunities/list', { pageSize: 100 });
    expect(deals.body.total).toBe(10);
    const flows = await c.get('/api/v1/core/workflows?entity=Opportunity');
    expect(flows.body.map((w: { name: string }) => w.name).sort()).toEqual(['New business', 'Renewals']);
    // teams, one with a query-defined membership that matches real contacts
    const teams = await c.post('/api/v1/teams/list', { pageSize: 100 });
    expect(teams.body.data.map((r: { name: string }) => r.name).sort()).toEqual(
      ['Key accounts', 'Renewals desk', expect.any(String)].sort(),
    );
    const keyAccounts = teams.body.data.find((r: { name: string }) => r.name === 'Key accounts');
    const queries = await c.post(`/api/v1/teams/${keyAccounts.id}/custom-queries`, {});
    const matches = await c.get(`/api/v1/teams/${keyAccounts.id}/custom-queries/${queries.body.data[0].id}`);
    expect(matches.body.contacts.total).toBeGreaterThan(0);
    expect((await c.post(`/api/v1/teams/${keyAccounts.id}/contacts`, {})).body.total).toBeGreaterThan(0);
    expect((deals.body.data as { owner: { title: string } | null }[]).every((d) => d.owner?.title === DEMO_ACCOUNT.name)).toBe(true);
    const [notes] = await t.sql<{ n: number }>(`select count(*)::int as n from notes where tenant_id = $1`, [tenant?.id]);
    expect(notes?.n).toBeGreaterThanOrEqual(8);

    // work management: a project from a template with its stages, linked tasks and a schedule
    const projects = await c.post('/api/v1/projects/list', { pageSize: 100, sort: [{ field: 'name', order: 'asc' }] });
    expect(projects.body.data.map((r: { code: string }) => r.code)).toEqual(['NWO', 'OFR']);
    const onboarding = projects.body.data[0];
    expect(onboarding.projectTemplate).toMatchObject({ title: 'Customer onboarding' });
    const stages = await c.get(`/api/v1/core/workflows?entity=Task&scopeId=${onboarding.id}`);
    expect(stages.body[0].stages.map((s: { name: string }) => s.name)).toContain('Signed off by customer');
    const tasks = await c.post('/api/v1/tasks/list', { pageSize: 100, filters: [{ field: 'projectId', op: 'eq', value: onboarding.id }] });
    expect(tasks.body.total).toBe(7);
    const gantt = await c.get(`/api/v1/projects/${onboarding.id}/gantt`);
    expect(gantt.body.links).toHaveLength(5);
    const schedules = await c.post('/api/v1/task-schedules/list', {
      pageSize: 100,
      filters: [{ field: 'projectId', op: 'eq', value: onboarding.id }],
    });
    expect(schedules.body.data.map((r: { name: string }) => r.name)).toEqual(['Weekly status call']);
    const hours = await c.get(`/api/v1/projects/${onboarding.id}/time-logs`);
    expect(hours.status, hours.text).toBe(200);
    expect(hours.body.total).toMatchObject({ minutes: 660 });
    // the Hamburg head office: 40 desks, 4 rooms, 5 laptops, one of them checked out
    const office = (await c.post('/api/v1/locations/list', {})).body.data;
    expect(office.map((l: { title: string; timeZone: string }) => [l.title, l.timeZone])).toEqual([
      ['Hamburg head office', 'Europe/Berlin'],
    ]);
    expect((await c.post('/api/v1/resources/list', { pageSize: 100 })).body.total).toBe(49);
    expect((await c.get('/api/v1/dashboard/my-resources')).body.total).toBe(1);
    // its two floors on the map: desks, the laptops at the IT desk, the rooms on the second
    const floors = (await c.get(`/api/v1/locations/${office[0].id}/floor-maps`)).body.data;
    expect(
      floors.map((f: { name: string; placementCount: number; image: { contentType: string } }) => [
        f.name,
        f.placementCount,
        f.image.contentType,
      ]),
    ).toEqual([
      ['First floor', 25, 'image/svg+xml'],
      ['Second floor', 24, 'image/svg+xml'],
    ]);
    const states = (await c.get(`/api/v1/floor-maps/${floors[0].id}/states`)).body.data;
    expect(states.filter((s: { state: string }) => s.state === 'checkedOut')).toHaveLength(1);
    // a week of bookings ahead: a desk on the working days left, meetings in the rooms
    const booked = (await c.post('/api/v1/bookings/list', { mine: true })).body;
    expect(booked.total).toBeGreaterThanOrEqual(3);
    expect(new Set(booked.data.map((b: { resourceType: { title: string } }) => b.resourceType.title))).toEqual(
      new Set(['Desk', 'Meeting room']),
    );
    // the booking page of the meeting rooms is open on the portal
    const portal = await t.client().get('/api/v1/public/booking-pages/northwind-demo/meeting-rooms');
    expect(portal.status, portal.text).toBe(200);
    expect(portal.body.items.map((i: { type: string }) => i.type)).toEqual([
      'Meeting room',
      'Meeting room',
      'Meeting room',
      'Meeting room',
    ]);
    // on working days from nine to five, the rooms picked on the second floor's plan
    expect(portal.body.timeSlots).toHaveLength(5);
    const maps = await t.client().get('/api/v1/public/booking-pages/northwind-demo/meeting-rooms/maps');
    expect(maps.body.maps.map((m: { name: string; places: unknown[] }) => [m.name, m.places.length])).toEqual([['Second floor', 4]]);

    // the helpdesk (issue 23): published articles found by search, requests from the customers,
    // one answered, one a task of the office refresh
    const hits = (await c.post('/api/v1/articles/search', { q: 'password', status: 'Published' })).body.data;
    expect(hits.map((h: { title: string }) => h.title)).toContain('Resetting your password');
    const requests = (await c.post('/api/v1/requests/list', { sort: [{ field: 'number', order: 'asc' }] })).body;
    expect(requests.data.map((r: { number: string }) => r.number)).toEqual(['SUP-1', 'SUP-2', 'SUP-3', 'SUP-4']);
    expect(requests.data[0].requester).toMatchObject({ title: 'Maria Anders' });
    expect(requests.data[2].task).toMatchObject({ title: 'Single sign-on for the Munich store' });
    // Maria Anders, the portal user to try: two requests of her own, the second a task, and the
    // helpdesk's task rule set
    const portalUser = requests.data[0].requester.id;
    const hers = (await c.post('/api/v1/requests/list', { filters: [{ field: 'requesterId', op: 'eq', value: portalUser }] })).body.data;
    expect(hers.map((r: { number: string }) => r.number).sort()).toEqual(['SUP-1', 'SUP-4']);
    expect(hers.find((r: { number: string }) => r.number === 'SUP-4').task).toMatchObject({ title: 'Monitor arm for desk 2.14' });
    const [support] = (await c.post('/api/v1/helpdesks/list', {})).body.data;
    expect(support).toMatchObject({ taskStageFlow: 'Both', requestStageOnTaskDone: 'Resolved' });

    // a second start leaves it alone
    expect(await seedDemoWorkspace(t.app, t.database, t.config)).toMatchObject({ created: false });
    expect((await c.post('/api/v1/contacts/list', {})).body.total).toBe(21);
  });
});
