import { Temporal } from 'temporal-polyfill';
import type { App } from '../app';
import { ensureLocalAccount, localAccessToken } from '../identity';
import type { Config } from '../platform/config';
import type { Database } from '../platform/database';
import { seedDemoHelpdesk } from './demo-helpdesk';

// `npm run demo` (decision 029): a workspace full of believable customer data, so that a new
// user meets a living product. Everything goes through the public API in the demo user's name —
// the same validation, numbering, activity and events as a person's clicks — and runs once: a
// second start finds the workspace and leaves it alone.
export const DEMO_ACCOUNT = { email: 'demo@atrium.test', name: 'Dana Demo', password: 'atrium-demo-2026' } as const;
export const DEMO_WORKSPACE = { name: 'Northwind Traders (demo)', slug: 'northwind-demo' } as const;

type Json = Record<string, unknown>;
type Call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown, headers?: Record<string, string>) => Promise<Json>;

type Org = { key: string; name: string; parent?: string; industry: string; size: string; website: string; revenue: number; city: string };
const ORGANIZATIONS: Org[] = [
  {
    key: 'nw',
    name: 'Northwind Holding',
    industry: 'Wholesale',
    size: '1001+',
    website: 'https://northwind.example',
    revenue: 420_000_000,
    city: 'Hamburg',
  },
  {
    key: 'nwl',
    name: 'Northwind Logistics',
    parent: 'nw',
    industry: 'Logistics',
    size: '201-1000',
    website: 'https://logistics.northwind.example',
    revenue: 88_000_000,
    city: 'Bremen',
  },
  {
    key: 'nwr',
    name: 'Northwind Retail',
    parent: 'nw',
    industry: 'Retail',
    size: '201-1000',
    website: 'https://retail.northwind.example',
    revenue: 130_000_000,
    city: 'Berlin',
  },
  {
    key: 'nwrm',
    name: 'Northwind Retail Munich',
    parent: 'nwr',
    industry: 'Retail',
    size: '51-200',
    website: 'https://muc.northwind.example',
    revenue: 21_500_000,
    city: 'Munich',
  },
  {
    key: 'contoso',
    name: 'Contoso Ltd',
    industry: 'Software',
    size: '1001+',
    website: 'https://contoso.example',
    revenue: 910_000_000,
    city: 'London',
  },
  {
    key: 'fabrikam',
    name: 'Fabrikam Inc',
    industry: 'Manufacturing',
    size: '201-1000',
    website: 'https://fabrikam.example',
    revenue: 64_000_000,
    city: 'Rotterdam',
  },
  {
    key: 'aw',
    name: 'Adventure Works Cycles',
    industry: 'Sports equipment',
    size: '51-200',
    website: 'https://adventure-works.example',
    revenue: 12_750_000,
    city: 'Innsbruck',
  },
  {
    key: 'tailspin',
    name: 'Tailspin Toys',
    industry: 'Toys',
    size: '11-50',
    website: 'https://tailspin.example',
    revenue: 3_200_000,
    city: 'Copenhagen',
  },
  {
    key: 'wwi',
    name: 'Wide World Importers',
    industry: 'Import and export',
    size: '51-200',
    website: 'https://wideworld.example',
    revenue: 27_000_000,
    city: 'Antwerp',
  },
  {
    key: 'litware',
    name: 'Litware',
    industry: 'Publishing',
    size: '11-50',
    website: 'https://litware.example',
    revenue: 4_100_000,
    city: 'Vienna',
  },
  {
    key: 'proseware',
    name: 'Proseware',
    industry: 'Consulting',
    size: '1-10',
    website: 'https://proseware.example',
    revenue: 950_000,
    city: 'Zurich',
  },
];

type Person = { first: string; last: string; org: string; title: string; stage: number; tags?: string[]; note?: string };
const CONTACTS: Person[] = [
  {
    first: 'Maria',
    last: 'Anders',
    org: 'nw',
    title: 'Chief Operating Officer',
    stage: 2,
    tags: ['VIP'],
    note: 'Prefers a call on Monday mornings; decides on the framework agreement for all subsidiaries.',
  },
  { first: 'Thomas', last: 'Hardy', org: 'nw', title: 'Head of Procurement', stage: 2, tags: ['VIP', 'Newsletter'] },
  {
    first: 'Elisabeth',
    last: 'Brown',
    org: 'nwl',
    title: 'Fleet Manager',
    stage: 2,
    note: 'Asked for a quote for 40 additional desk bookings at the Bremen hub.',
  },
  { first: 'Jonas', last: 'Bergström', org: 'nwl', title: 'IT Lead', stage: 1 },
  { first: 'Hanna', last: 'Moos', org: 'nwr', title: 'Store Operations', stage: 2, tags: ['Newsletter'] },
  { first: 'Frédérique', last: 'Citeaux', org: 'nwr', title: 'Marketing Director', stage: 1, tags: ['Newsletter'] },
  { first: 'Martín', last: 'Sommer', org: 'nwrm', title: 'Branch Manager', stage: 2 },
  {
    first: 'Laurence',
    last: 'Lebihan',
    org: 'contoso',
    title: 'VP Workplace',
    stage: 1,
    tags: ['VIP'],
    note: 'Evaluating us against two booking tools; wants to see the signage integration.',
  },
  { first: 'Victoria', last: 'Ashworth', org: 'contoso', title: 'Facilities Manager', stage: 1 },
  { first: 'Patricio', last: 'Simpson', org: 'contoso', title: 'Security Officer', stage: 0 },
  { first: 'Francisco', last: 'Chang', org: 'fabrikam', title: 'Plant Manager', stage: 2, tags: ['Partner'] },
  { first: 'Yang', last: 'Wang', org: 'fabrikam', title: 'Purchasing', stage: 2 },
  {
    first: 'Pedro',
    last: 'Afonso',
    org: 'aw',
    title: 'Owner',
    stage: 2,
    tags: ['VIP'],
    note: 'Long-standing customer since 2021; renewal due in spring.',
  },
  { first: 'Elizabeth', last: 'Lincoln', org: 'aw', title: 'Office Manager', stage: 2 },
  {
    first: 'Sven',
    last: 'Ottlieb',
    org: 'tailspin',
    title: 'Managing Director',
    stage: 3,
    tags: ['Churn risk'],
    note: 'Moved most teams to remote work; usage dropped by half.',
  },
  { first: 'Janine', last: 'Labrune', org: 'wwi', title: 'Head of Customer Service', stage: 1, tags: ['Newsletter'] },
  { first: 'Ann', last: 'Devon', org: 'wwi', title: 'Customs Specialist', stage: 0 },
  { first: 'Roland', last: 'Mendel', org: 'litware', title: 'Editor in Chief', stage: 1 },
  { first: 'Aria', last: 'Cruz', org: 'proseware', title: 'Partner', stage: 2, tags: ['Partner'] },
  { first: 'Diego', last: 'Roel', org: 'proseware', title: 'Consultant', stage: 0, tags: ['Newsletter'] },
];

type Lead = { first: string; last: string; company: string; source: string; stage: number; title: string; note?: string; tags?: string[] };
const LEADS: Lead[] = [
  {
    first: 'Carine',
    last: 'Schmitt',
    company: 'Bon App Foods',
    source: 'Website',
    stage: 0,
    title: 'Operations Manager',
    note: 'Filled in the trial form: 120 employees, two offices.',
  },
  {
    first: 'Paolo',
    last: 'Accorti',
    company: 'Franchi SpA',
    source: 'Event',
    stage: 1,
    title: 'CFO',
    note: 'Met at the Hannover fair; interested in desk booking and signage.',
  },
  { first: 'Lino', last: 'Rodriguez', company: 'Furia Bacalhau', source: 'Referral', stage: 1, title: 'Office Manager', tags: ['Hot'] },
  { first: 'Eduardo', last: 'Saavedra', company: 'Galería del gastrónomo', source: 'Campaign', stage: 0, title: 'Owner' },
  { first: 'José', last: 'Pedro Freyre', company: 'Godos Cocina Típica', source: 'ColdCall', stage: 3, title: 'Purchasing' },
  { first: 'André', last: 'Fonseca', company: 'Gourmet Lanchonetes', source: 'Website', stage: 2, title: 'IT Manager', tags: ['Hot'] },
  {
    first: 'Howard',
    last: 'Snyder',
    company: 'Great Lakes Market',
    source: 'Partner',
    stage: 1,
    title: 'COO',
    note: 'Introduced by Proseware; wants a demo for 300 seats.',
  },
  { first: 'Manuel', last: 'Pereira', company: 'GROSELLA-Restaurante', source: 'Website', stage: 0, title: 'Manager' },
  { first: 'Mario', last: 'Pontes', company: 'Hanari Carnes', source: 'Event', stage: 1, title: 'Head of HR' },
  { first: 'Carlos', last: 'Hernández', company: 'HILARIÓN-Abastos', source: 'Other', stage: 0, title: 'Director' },
  { first: 'Yoshi', last: 'Latimer', company: 'Hungry Coyote', source: 'Referral', stage: 2, title: 'Founder', tags: ['Hot'] },
  { first: 'Patricia', last: 'McKenna', company: 'Hungry Owl All-Night', source: 'Campaign', stage: 1, title: 'Office Lead' },
];

type Deal = {
  name: string;
  org: string;
  contact?: string;
  value: number;
  close: string;
  pipeline: 0 | 1;
  stage: number;
  probability: number;
};
const DEALS: Deal[] = [
  {
    name: 'Group-wide desk booking',
    org: 'nw',
    contact: 'Anders',
    value: 184_000,
    close: '2027-02-15',
    pipeline: 0,
    stage: 2,
    probability: 70,
  },
  { name: 'Hub signage Bremen', org: 'nwl', contact: 'Brown', value: 36_500, close: '2026-12-20', pipeline: 0, stage: 1, probability: 50 },
  {
    name: 'Store screens rollout',
    org: 'nwr',
    contact: 'Moos',
    value: 58_200,
    close: '2027-03-31',
    pipeline: 0,
    stage: 0,
    probability: 20,
  },
  {
    name: 'Workplace suite pilot',
    org: 'contoso',
    contact: 'Lebihan',
    value: 92_000,
    close: '2027-01-31',
    pipeline: 0,
    stage: 1,
    probability: 40,
  },
  {
    name: 'Visitor management',
    org: 'contoso',
    contact: 'Ashworth',
    value: 14_800,
    close: '2026-12-05',
    pipeline: 0,
    stage: 3,
    probability: 100,
  },
  {
    name: 'Plant room booking',
    org: 'fabrikam',
    contact: 'Chang',
    value: 22_400,
    close: '2026-11-28',
    pipeline: 0,
    stage: 4,
    probability: 0,
  },
  { name: 'Renewal 2027', org: 'aw', contact: 'Afonso', value: 9_600, close: '2027-04-01', pipeline: 1, stage: 1, probability: 80 },
  {
    name: 'Renewal with downsizing',
    org: 'tailspin',
    contact: 'Ottlieb',
    value: 2_400,
    close: '2027-01-15',
    pipeline: 1,
    stage: 0,
    probability: 30,
  },
  { name: 'Partner licence', org: 'proseware', contact: 'Cruz', value: 6_000, close: '2026-12-31', pipeline: 1, stage: 2, probability: 90 },
  { name: 'Helpdesk add-on', org: 'wwi', contact: 'Labrune', value: 11_250, close: '2027-02-28', pipeline: 0, stage: 0, probability: 10 },
];

const TAGS = [
  { name: 'VIP', color: '#722ED1' },
  { name: 'Newsletter', color: '#1677FF' },
  { name: 'Partner', color: '#52C41A' },
  { name: 'Churn risk', color: '#F5222D' },
  { name: 'Hot', color: '#FA8C16' },
] as const;

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
const domainOf = (website: string) => new URL(website).hostname;
const phone = (i: number) => `+49 40 ${String(3_100_000 + i * 7919).slice(0, 3)} ${String(1000 + ((i * 37) % 9000))}`;

function caller(app: App, token: string, tenantId: () => string | null): Call {
  return async (method, url, body, headers = {}) => {
    const tenant = tenantId();
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(tenant ? { 'x-tenant-id': tenant } : {}), ...headers },
      ...(body !== undefined ? { payload: body as Json } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`demo data: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.body ? (JSON.parse(res.body) as Json) : {};
  };
}

export type DemoResult = { created: boolean; email: string; password: string; workspace: string };

export async function seedDemoWorkspace(app: App, database: Database, config: Config): Promise<DemoResult> {
  const result = { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, workspace: DEMO_WORKSPACE.name };
  const user = await ensureLocalAccount(database, DEMO_ACCOUNT);
  let tenantId: string | null = null;
  const call = caller(app, await localAccessToken(database, config, user.id), () => tenantId);

  const mine = (await call('GET', '/api/v1/admin/tenants')) as unknown as { name: string }[];
  if (mine.some((w) => w.name === DEMO_WORKSPACE.name)) return { created: false, ...result };
  const free = (await call('GET', `/api/v1/admin/tenants/slug-available?slug=${DEMO_WORKSPACE.slug}`)).available === true;
  const slug = free ? DEMO_WORKSPACE.slug : `${DEMO_WORKSPACE.slug}-${Date.now().toString(36)}`;
  const tenant = await call('POST', '/api/v1/admin/tenants', { name: DEMO_WORKSPACE.name, slug, currency: 'EUR' });
  tenantId = String(tenant.id);

  // the workspace starts with a default workflow per kind with stages: the demo names it its way
  const stagesOf = async (entity: string, name: string) => {
    const flows = (await call('GET', `/api/v1/core/workflows?entity=${entity}`)) as unknown as {
      id: string;
      isDefault: boolean;
      stages: { id: string }[];
    }[];
    const wf = flows.find((w) => w.isDefault);
    if (!wf) throw new Error(`no default ${entity} workflow`);
    await call('PUT', `/api/v1/core/workflows/${wf.id}`, { name, isDefault: true });
    return wf.stages.map((s) => s.id);
  };
  const contactStages = await stagesOf('Contact', 'Customer lifecycle');
  const leadStages = await stagesOf('Lead', 'Lead qualification');
  const tags = new Map<string, string>();
  for (const tag of TAGS) tags.set(tag.name, String((await call('POST', '/api/v1/core/tags', tag)).id));
  const tag = (entityKind: string, entityId: string, names: readonly string[] | undefined) =>
    names && names.length > 0
      ? call('PUT', `/api/v1/core/tags/entity?entityKind=${entityKind}&entityId=${entityId}`, {
          tagIds: names.map((n) => tags.get(n)).filter(Boolean),
        })
      : Promise.resolve({});
  const note = (entityKind: string, entityId: string, text: string | undefined) =>
    text ? call('POST', '/api/v1/core/notes', { entityKind, entityId, body: `<p>${text}</p>` }) : Promise.resolve({});

  const salesStages = await stagesOf('Opportunity', 'New business');
  const renewal = await call('POST', '/api/v1/core/workflows', {
    entity: 'Opportunity',
    name: 'Renewals',
    stages: [
      { name: 'Due', stageType: 'Open', color: '#8c8c8c' },
      { name: 'In talks', stageType: 'InProgress', color: '#1677ff' },
      { name: 'Signed', stageType: 'Won', color: '#52c41a' },
      { name: 'Cancelled', stageType: 'Lost', color: '#ff4d4f' },
    ],
  });
  const renewalStages = (renewal.stages as { id: string }[]).map((s) => s.id);
  const orgIds = new Map<string, string>();
  for (const [i, o] of ORGANIZATIONS.entries()) {
    const created = await call('POST', '/api/v1/organizations', {
      name: o.name,
      parentId: o.parent ? orgIds.get(o.parent) : undefined,
      industry: o.industry,
      size: o.size,
      website: o.website,
      email: `info@${domainOf(o.website)}`,
      phone: phone(i),
      annualRevenue: o.revenue,
      address: `${10 + i} Harbour Street, ${o.city}`,
    });
    orgIds.set(o.key, String(created.id));
  }
  const website = (key: string) => ORGANIZATIONS.find((o) => o.key === key)?.website ?? 'https://example.com';
  for (const [i, p] of CONTACTS.entries()) {
    const created = await call('POST', '/api/v1/contacts', {
      firstName: p.first,
      lastName: p.last,
      email: `${slugify(p.first)}.${slugify(p.last)}@${domainOf(website(p.org))}`,
      phone: phone(100 + i),
      organizationId: orgIds.get(p.org),
      jobTitle: p.title,
      workflowStage: contactStages[p.stage],
    });
    await tag('Contact', String(created.id), p.tags);
    await note('Contact', String(created.id), p.note);
  }
  const contactIds = new Map<string, string>();
  for (const row of (await call('POST', '/api/v1/contacts/list', { pageSize: 100 })).data as { id: string; lastName: string }[])
    contactIds.set(row.lastName, row.id);
  for (const d of DEALS) {
    const stage = (d.pipeline === 0 ? salesStages : renewalStages)[d.stage];
    const outcome = d.pipeline === 0 && d.stage === 3 ? 'Won' : d.pipeline === 0 && d.stage === 4 ? 'Lost' : undefined;
    await call('POST', '/api/v1/opportunities', {
      name: d.name,
      organizationId: orgIds.get(d.org),
      contactId: d.contact ? contactIds.get(d.contact) : undefined,
      expectedValue: d.value,
      estimatedCloseDate: d.close,
      probability: d.probability,
      workflowStage: stage,
      outcome,
      outcomeReason: outcome === 'Lost' ? 'Chose a cheaper room-booking tool' : undefined,
    });
  }
  // teams: who looks after which customers, one of them defined by a saved query
  const heads = await call('POST', '/api/v1/custom-queries', {
    name: 'Heads of department',
    description: 'Contacts whose job title names a head of something',
    query: { filters: [{ field: 'jobTitle', op: 'contains', value: 'Head' }] },
  });
  const keyAccounts = await call('POST', '/api/v1/teams', {
    name: 'Key accounts',
    description: 'Looks after our largest customers and their decision makers',
  });
  await call('POST', `/api/v1/teams/${String(keyAccounts.id)}/custom-queries/link`, { ids: [heads.id] });
  const vip = ((await call('POST', '/api/v1/contacts/list', { pageSize: 100, tags: [tags.get('VIP')] })).data as { id: string }[]).map(
    (r) => r.id,
  );
  if (vip.length > 0) await call('POST', `/api/v1/teams/${String(keyAccounts.id)}/contacts/link`, { ids: vip });
  await call('POST', '/api/v1/teams', { name: 'Renewals desk', description: 'Keeps existing customers on board' });
  const leadIds: string[] = [];
  for (const [i, l] of LEADS.entries()) {
    const created = await call('POST', '/api/v1/leads', {
      firstName: l.first,
      lastName: l.last,
      organization: l.company,
      email: `${slugify(l.first)}@${slugify(l.company).replace(/\./g, '-')}.example`,
      phone: phone(200 + i),
      jobTitle: l.title,
      source: l.source,
      workflowStage: leadStages[l.stage],
    });
    leadIds.push(String(created.id));
    await tag('Lead', String(created.id), l.tags);
    await note('Lead', String(created.id), l.note);
  }
  // one lead already became a customer: its history now lives on the contact
  const converted = leadIds[5];
  if (converted) {
    const lead = await call('GET', `/api/v1/leads/${converted}`);
    await call(
      'PUT',
      `/api/v1/leads/${converted}/convert`,
      { to: 'Contact', organization: { mode: 'new' } },
      { 'if-match': `"${String(lead.version)}"` },
    );
  }
  await seedDemoProjects(call, { organization: orgIds.get('nw'), contact: contactIds.get('Anders') });
  await seedDemoResources(call);
  await seedDemoHelpdesk(call);
  return { created: true, ...result };
}

type DemoTask = {
  key: string;
  name: string;
  start: number;
  days: number;
  priority: string;
  parent?: string;
  after?: string;
  stage?: number;
};
// the onboarding project's plan: days from today, a chain of blocking tasks, subtasks
const ONBOARDING: DemoTask[] = [
  { key: 'kickoff', name: 'Kick-off workshop with Northwind', start: -6, days: 1, priority: 'High', stage: 3 },
  { key: 'rooms', name: 'Survey the meeting rooms', start: -4, days: 3, priority: 'Medium', after: 'kickoff', stage: 1 },
  { key: 'floors', name: 'Draw the floor plans', start: -3, days: 2, priority: 'Medium', parent: 'rooms', stage: 1 },
  { key: 'import', name: 'Import the people list', start: 0, days: 2, priority: 'High', after: 'rooms' },
  { key: 'screens', name: 'Mount the lobby screens', start: 3, days: 4, priority: 'Low', after: 'import' },
  { key: 'training', name: 'Train the reception team', start: 8, days: 2, priority: 'Highest', after: 'screens' },
  { key: 'golive', name: 'Go live', start: 11, days: 1, priority: 'Critical', after: 'training' },
];

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// Work management: a template with its own stages and a weekly scheduled task, a project made
// from it for the biggest customer, with a plan of linked tasks that reschedule automatically,
// and an internal project. Linking tasks needs the Pro plan, which the demo workspace takes.
async function seedDemoProjects(call: Call, customer: { organization: string | undefined; contact: string | undefined }): Promise<void> {
  await call('PUT', '/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  const template = await call('POST', '/api/v1/project-templates', {
    name: 'Customer onboarding',
    description: 'From the kick-off to the first booked desk',
  });
  const [flow] = (await call('GET', `/api/v1/core/workflows?entity=Task&scopeId=${String(template.id)}`)) as unknown as { id: string }[];
  if (flow)
    await call('POST', '/api/v1/core/workflow-stages', { workflowId: flow.id, name: 'Signed off by customer', stageType: 'Closed' });
  await call('POST', '/api/v1/task-schedules', {
    name: 'Weekly status call',
    projectTemplateId: template.id,
    rule: 'FREQ=WEEKLY;BYDAY=TH',
    startsAt: `${isoDay(1)}T10:00`,
    timeZone: 'Europe/Berlin',
    priority: 'Medium',
    dueAfterDays: 0,
    active: true,
  });
  const project = await call('POST', '/api/v1/projects', {
    name: 'Northwind onboarding',
    code: 'NWO',
    projectTemplateId: template.id,
    status: 'Active',
    startDate: isoDay(-6),
    endDate: isoDay(12),
    schedulingMode: 'Automatic',
    description: 'Desks, rooms and screens for the Hamburg head office',
  });
  const projectId = String(project.id);
  if (customer.organization) await call('POST', `/api/v1/projects/${projectId}/organizations/link`, { ids: [customer.organization] });
  const [stages] = (await call('GET', `/api/v1/core/workflows?entity=Task&scopeId=${projectId}`)) as unknown as {
    stages: { id: string }[];
  }[];
  const ids = new Map<string, string>();
  for (const task of ONBOARDING) {
    const created = await call('POST', '/api/v1/tasks', {
      name: task.name,
      projectId,
      priority: task.priority,
      startDate: isoDay(task.start),
      dueDate: isoDay(task.start + task.days - 1),
      parentTaskId: task.parent ? ids.get(task.parent) : undefined,
      workflowStage: task.stage !== undefined ? stages?.stages[task.stage]?.id : undefined,
      estimateHours: task.days * 4,
    });
    ids.set(task.key, String(created.id));
    const before = task.after ? ids.get(task.after) : undefined;
    if (before) await call('POST', `/api/v1/tasks/${before}/links`, { taskId: created.id, kind: 'blocks' });
  }
  // the work done so far, logged by the day (time tracking), and the survey's checklist
  const logged: [string, number, number, string][] = [
    ['kickoff', -6, 240, 'Workshop and minutes'],
    ['rooms', -4, 180, 'Ground and first floor'],
    ['rooms', -3, 150, 'Second floor'],
    ['floors', -2, 90, 'First drafts'],
  ];
  for (const [key, day, minutes, note] of logged) {
    const task = ids.get(key);
    if (task) await call('POST', `/api/v1/tasks/${task}/time-logs`, { date: isoDay(day), minutes, note });
  }
  const rooms = ids.get('rooms');
  if (rooms)
    for (const title of ['Measure every room', 'Count the desks and chairs', 'Photograph the screens', 'Note the power outlets']) {
      const item = await call('POST', `/api/v1/tasks/${rooms}/checklist`, { title });
      if (title !== 'Note the power outlets') await call('PATCH', `/api/v1/tasks/${rooms}/checklist/${String(item.id)}`, { done: true });
    }
  const kickoff = ids.get('kickoff');
  if (kickoff && customer.contact)
    await call('POST', '/api/v1/core/linked-entities', {
      entityKind: 'Task',
      entityId: kickoff,
      linkedKind: 'Contact',
      linkedId: customer.contact,
    });
  const internal = await call('POST', '/api/v1/projects', { name: 'Office refresh', code: 'OFR', status: 'Planned' });
  for (const [i, name] of ['Choose the new chairs', 'Order plants for the kitchen', 'Book the painters'].entries())
    await call('POST', '/api/v1/tasks', { name, projectId: internal.id, priority: 'Low', dueDate: isoDay(14 + i * 7) });
}

const WEEKDAY_HOURS = ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, open: '07:30', close: '19:00' }));

// The asset catalogue: the Hamburg head office (Free Workplace's one location) with 40 desks on
// two floors, four meeting rooms and five laptops to check out, one of them out with the admin,
// and the two floors on the map.
async function seedDemoResources(call: Call): Promise<void> {
  const office = await call('POST', '/api/v1/locations', {
    name: 'Hamburg head office',
    address: 'Am Sandtorkai 1, 20457 Hamburg',
    timeZone: 'Europe/Berlin',
    openingHours: WEEKDAY_HOURS,
    description: 'Two open-plan floors by the harbour, meeting rooms on the third floor',
  });
  const type = (name: string, bookableMode: string, capacityDefault: number, icon: string, attributes: string[]) =>
    call('POST', '/api/v1/resource-types', { name, bookableMode, capacityDefault, icon, attributes });
  const desk = await type('Desk', 'Bookable', 1, 'DesktopOutlined', ['monitor', 'standing desk', 'docking station']);
  const room = await type('Meeting room', 'Bookable', 6, 'TeamOutlined', ['screen', 'video conferencing', 'whiteboard']);
  const laptop = await type('Laptop', 'Assignable', 1, 'LaptopOutlined', ['14 inch', '16 inch']);
  const rooms: string[] = [];
  const desks: string[][] = [[], []];
  for (let i = 1; i <= 40; i++) {
    const floor = i <= 20 ? 1 : 2;
    const made = await call('POST', '/api/v1/resources', {
      name: `Desk ${floor}.${String(((i - 1) % 20) + 1).padStart(2, '0')}`,
      resourceTypeId: desk.id,
      locationId: office.id,
      attributes: i % 4 === 0 ? ['monitor', 'standing desk'] : ['monitor'],
    });
    desks[floor - 1]?.push(String(made.id));
  }
  for (const [name, capacity] of [
    ['Elbe', 12],
    ['Alster', 6],
    ['Speicherstadt', 4],
    ['Fleet', 2],
  ] as const)
    rooms.push(
      String(
        (await call('POST', '/api/v1/resources', { name: `Room ${name}`, resourceTypeId: room.id, locationId: office.id, capacity })).id,
      ),
    );
  const laptops: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const made = await call('POST', '/api/v1/resources', {
      name: `Laptop HH-${String(i).padStart(2, '0')}`,
      resourceTypeId: laptop.id,
      locationId: office.id,
      attributes: [i <= 3 ? '14 inch' : '16 inch'],
    });
    laptops.push(String(made.id));
  }
  if (laptops[0]) await call('POST', `/api/v1/resources/${laptops[0]}/check-out`, {});
  const floorMaps = await seedDemoFloorMaps(call, String(office.id), desks, rooms, laptops);
  await seedDemoBookings(call, desks.flat(), rooms);
  // the Free plan's one booking page: the meeting rooms, open to visitors on the portal
  // (/portal/northwind-demo/book/meeting-rooms), booked in half hours up to two, an hour ahead
  const page = await call('POST', '/api/v1/booking-pages', {
    name: 'Meeting rooms',
    slug: 'meeting-rooms',
    locationId: office.id,
    items: { resourceTypeIds: [room.id] },
    policy: { minLeadMinutes: 60, minDurationMinutes: 30, maxDurationMinutes: 120, incrementMinutes: 30 },
    internalVisibility: 'Everyone',
    externalVisibility: 'Anon',
    portalEnabled: true,
    description: 'Book a meeting room at our Hamburg harbour office. You will get a confirmation e-mail with a calendar invitation.',
  });
  // visitors book on working days from nine to five, and pick a room on the second floor's plan
  const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, start: '09:00', end: '17:00' }));
  await call('PUT', `/api/v1/booking-pages/${String(page.id)}/time-slots`, { slots: weekdays });
  const roomsFloor = floorMaps.get('Second floor');
  if (roomsFloor) await call('PUT', `/api/v1/booking-pages/${String(page.id)}/maps`, { floorMapIds: [roomsFloor] });
}

// A week of bookings for the admin (issue 22): a desk on each working day of the next seven and
// a few meetings in the rooms, in Hamburg time, from now on (a booking never starts in the past).
async function seedDemoBookings(call: Call, desks: string[], rooms: string[]): Promise<void> {
  const now = Temporal.Now.zonedDateTimeISO('Europe/Berlin');
  const meetings: [number, string, string, string][] = [
    [0, '10:00', '11:00', 'Weekly status call'],
    [1, '14:00', '15:30', 'Floor plan review'],
    [2, '09:30', '10:00', 'Stand-up'],
    [3, '13:00', '14:00', 'Customer call: Wide World Importers'],
  ];
  for (let d = 0; d < 7; d++) {
    const day = now.toPlainDate().add({ days: d });
    if (day.dayOfWeek > 5) continue;
    const at = (hhmm: string) => day.toZonedDateTime({ timeZone: 'Europe/Berlin', plainTime: Temporal.PlainTime.from(hhmm) });
    const book = async (resourceId: string | undefined, from: string, to: string, title: string) => {
      if (!resourceId || Temporal.ZonedDateTime.compare(at(from), now) <= 0) return;
      await call('POST', '/api/v1/bookings', {
        resourceId,
        start: at(from).toInstant().toString(),
        end: at(to).toInstant().toString(),
        title,
        // demo bookings do not fill the mailbox with invitations
        invite: false,
      });
    };
    await book(desks[(d * 3) % desks.length], '09:00', '17:00', 'Desk day');
    for (const [room, from, to, title] of meetings) if ((d + room) % 2 === 0) await book(rooms[room], from, to, title);
  }
}

// The plan of an open-plan floor, drawn here as SVG: outer walls, a core with stairs and lifts,
// desk islands of five by two, and the meeting rooms named on the plan.
const PLAN = { width: 1200, height: 800 };
const DESK = { width: 60, height: 36 };
// the top-left corner of desk `i` of a floor: four islands of two rows of five
const deskAt = (i: number) => {
  const island = Math.floor(i / 10);
  const inIsland = i % 5;
  const row = Math.floor((i % 10) / 5);
  return { x: 120 + (island % 2) * 400 + inIsland * 64, y: 160 + Math.floor(island / 2) * 260 + row * 40 };
};
const ROOMS = [
  { x: 880, y: 80, width: 260, height: 200, name: 'Elbe' },
  { x: 880, y: 300, width: 160, height: 160, name: 'Alster' },
  { x: 880, y: 480, width: 120, height: 120, name: 'Speicherstadt' },
  { x: 1020, y: 480, width: 120, height: 120, name: 'Fleet' },
];

function floorPlanSvg(title: string, withRooms: boolean): string {
  const desks = Array.from({ length: 20 }, (_, i) => deskAt(i))
    .map((d) => `<rect x="${d.x}" y="${d.y}" width="${DESK.width}" height="${DESK.height}" fill="#f3f5fa" stroke="#9aa5be"/>`)
    .join('');
  const side = withRooms
    ? ROOMS.map(
        (r) =>
          `<rect x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" fill="#eef6ee" stroke="#4a5568" stroke-width="4"/>` +
          `<text x="${r.x + 10}" y="${r.y + 24}" font-size="16" fill="#4a5568">${r.name}</text>`,
      ).join('')
    : '<rect x="880" y="80" width="260" height="520" fill="#f7f7f7" stroke="#4a5568" stroke-width="4"/>' +
      '<text x="900" y="110" font-size="16" fill="#4a5568">IT service desk</text>';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PLAN.width}" height="${PLAN.height}" viewBox="0 0 ${PLAN.width} ${PLAN.height}">`,
    '<rect width="1200" height="800" fill="#ffffff"/>',
    '<rect x="40" y="40" width="1120" height="720" fill="none" stroke="#1f2a44" stroke-width="10"/>',
    '<rect x="540" y="640" width="260" height="120" fill="#e2e6ef" stroke="#1f2a44" stroke-width="4"/>',
    '<text x="560" y="705" font-size="18" fill="#1f2a44">Stairs and lifts</text>',
    `<text x="60" y="100" font-size="28" fill="#1f2a44">Hamburg head office: ${title}</text>`,
    desks,
    side,
    '</svg>',
  ].join('\n');
}

function multipartSvg(fileName: string, svg: string): { payload: Buffer; contentType: string } {
  const boundary = `----atrium-demo-${fileName.replace(/\W/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/svg+xml\r\n\r\n`,
    ),
    Buffer.from(svg),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

type DemoPlacement = { resourceId: string; shape: Record<string, unknown>; rotation: number; label: string | null };

// Two floors of the head office on the map: twenty desks each, the meeting rooms (drawn along
// their walls) on the second, the laptops at the IT service desk of the first.
// Answers each floor's map id by its name.
async function seedDemoFloorMaps(
  call: Call,
  locationId: string,
  desks: string[][],
  rooms: string[],
  laptops: string[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const floors = [
    { name: 'First floor', levelOrder: 1, withRooms: false },
    { name: 'Second floor', levelOrder: 2, withRooms: true },
  ];
  for (const [n, floor] of floors.entries()) {
    const map = await call('POST', '/api/v1/floor-maps', { locationId, name: floor.name, level: floor.name, levelOrder: floor.levelOrder });
    ids.set(floor.name, String(map.id));
    const file = multipartSvg(`floor-${n + 1}.svg`, floorPlanSvg(floor.name, floor.withRooms));
    const withPlan = await call('PUT', `/api/v1/floor-maps/${String(map.id)}/image`, file.payload, { 'content-type': file.contentType });
    const placements: DemoPlacement[] = (desks[n] ?? []).map((resourceId, i) => ({
      resourceId,
      shape: { kind: 'rect', ...deskAt(i), ...DESK },
      rotation: 0,
      label: null,
    }));
    if (floor.withRooms)
      rooms.forEach((resourceId, i) => {
        const r = ROOMS[i];
        if (!r) return;
        const points = [
          { x: r.x + 6, y: r.y + 6 },
          { x: r.x + r.width - 6, y: r.y + 6 },
          { x: r.x + r.width - 6, y: r.y + r.height - 6 },
          { x: r.x + 6, y: r.y + r.height - 6 },
        ];
        placements.push({ resourceId, shape: { kind: 'polygon', points }, rotation: 0, label: null });
      });
    else
      laptops.forEach((resourceId, i) =>
        placements.push({ resourceId, shape: { kind: 'point', x: 940, y: 170 + i * 70 }, rotation: 0, label: null }),
      );
    await call(
      'PUT',
      `/api/v1/floor-maps/${String(map.id)}`,
      { name: floor.name, level: floor.name, levelOrder: floor.levelOrder, placements },
      { 'if-match': `"${String(withPlan.version)}"` },
    );
  }
  return ids;
}
