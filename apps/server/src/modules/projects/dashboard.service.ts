import type { MyProjects, MyTasks } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import * as repo from './dashboard.repository';

// The caller's own work: what the two dashboard widgets show.
export const myTasks = (ctx: TenantContext): Promise<MyTasks> => repo.myOpenTasks(ctx);
export const myProjects = (ctx: TenantContext): Promise<MyProjects> => repo.myProjects(ctx);
