import type { SignedInApi } from '../support/signed-in-api';

// Work management through the API for the browser tests and the browser benchmark: dated tasks
// in a project that schedules itself (Automatic mode, links need Projects Pro).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// a local calendar day `offset` days from today, as the API takes it and as a bar's label says it
export function day(offset: number) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { iso, label: `${d.getDate()} ${MONTHS[d.getMonth()]}` };
}

export async function automaticProject(api: SignedInApi, code: string) {
  // links need Plan.LinkTasks, which the Projects Pro plan has
  await api.put('/api/v1/admin/subscriptions/Project', { planSlug: 'project-pro' });
  return api.post<{ id: string }>('/api/v1/projects', { name: `Launch ${code}`, code, schedulingMode: 'Automatic' }, { status: 201 });
}

export const task = (api: SignedInApi, projectId: string, name: string, start: number, due: number) =>
  api.post<{ id: string; number: string }>(
    '/api/v1/tasks',
    { name, projectId, priority: 'High', startDate: day(start).iso, dueDate: day(due).iso },
    { status: 201 },
  );
