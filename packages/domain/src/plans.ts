import type { ModuleKind } from './enums';
import type { PlanPermission } from './permissions';

export const BILLING_INTERVALS = ['Monthly'] as const;
export const BILLING_TYPES = ['PerUser'] as const;

export type Product = {
  type: ModuleKind;
  title: string;
  description: string;
  price: number;
  billingInterval: (typeof BILLING_INTERVALS)[number];
  billingType: (typeof BILLING_TYPES)[number];
  isActive: boolean;
};

// null means unlimited.
export type PlanLimits = {
  users: number | null;
  locations: number | null;
  bookingPages: number | null;
  helpdesks: number | null;
};
export type PlanLimit = keyof PlanLimits;

export type Plan = {
  id: string;
  slug: string;
  title: string;
  metaText: string;
  tier: 'Free' | 'Pro';
  features: string[];
  permissions: PlanPermission[];
  limits: PlanLimits;
  product: Product;
};

const UNLIMITED: PlanLimits = { users: null, locations: null, bookingPages: null, helpdesks: null };

const product = (type: ModuleKind, title: string, description: string): Product => ({
  type,
  title,
  description,
  price: 0,
  billingInterval: 'Monthly',
  billingType: 'PerUser',
  isActive: true,
});

// The catalogue of spec §1. The Pro feature lists are our decision (docs/decisions/003).
export const PLANS: readonly Plan[] = [
  {
    id: '6c1f0c2e-0a57-4a8e-9b0e-6b2a7f3d0001',
    slug: 'helpdesk-free',
    title: 'Helpdesk Free',
    metaText: 'Everything a small team needs to answer requests.',
    tier: 'Free',
    features: ['Unlimited users', 'Unlimited documents', 'Unlimited requests', 'Request portal'],
    permissions: [],
    limits: { ...UNLIMITED, helpdesks: 1 },
    product: product('Helpdesk', 'Helpdesk', 'Helpdesks, topics, articles and requests.'),
  },
  {
    id: '6c1f0c2e-0a57-4a8e-9b0e-6b2a7f3d0002',
    slug: 'helpdesk-pro',
    title: 'Helpdesk Pro',
    metaText: 'Your own domain, inbound e-mail, roles and reports.',
    tier: 'Pro',
    features: [
      'Everything in Free',
      'Custom domain',
      'Inbound e-mail',
      'Roles',
      'Custom e-mails',
      'Portal home page',
      'Advanced fields',
      'Reports',
    ],
    permissions: ['Plan.CustomEmails', 'Plan.Roles', 'Plan.PortalHomePage', 'Plan.AdvancedFields'],
    limits: UNLIMITED,
    product: product('Helpdesk', 'Helpdesk', 'Helpdesks, topics, articles and requests.'),
  },
  {
    id: '6c1f0c2e-0a57-4a8e-9b0e-6b2a7f3d0003',
    slug: 'project-free',
    title: 'Projects Free',
    metaText: 'Plan and track work with your whole team.',
    tier: 'Free',
    features: ['Unlimited users', 'Unlimited documents', 'Unlimited tasks', 'Boards and lists'],
    permissions: ['Plan.Projects'],
    limits: UNLIMITED,
    product: product('Project', 'Projects', 'Projects, tasks, boards and schedules.'),
  },
  {
    id: '6c1f0c2e-0a57-4a8e-9b0e-6b2a7f3d0004',
    slug: 'project-pro',
    title: 'Projects Pro',
    metaText: 'Task types, time tracking, linked work and reports.',
    tier: 'Pro',
    features: [
      'Everything in Free',
      'Task types',
      'Time tracking',
      'Linked tasks and items',
      'Task custom fields',
      'Project roles',
      'Project settings',
      'Reports',
    ],
    permissions: [
      'Plan.Projects',
      'Plan.TaskWorklog',
      'Plan.LinkTasks',
      'Plan.TaskCustomFields',
      'Plan.LinkedItems',
      'Plan.Roles',
      'Plan.ProjectSettings',
    ],
    limits: UNLIMITED,
    product: product('Project', 'Projects', 'Projects, tasks, boards and schedules.'),
  },
  {
    id: '6c1f0c2e-0a57-4a8e-9b0e-6b2a7f3d0005',
    slug: 'workplace-free',
    title: 'Workplace Free',
    metaText: 'Desk, room and people booking for one location.',
    tier: 'Free',
    features: ['1 location', '1 booking page', '1 helpdesk', 'Unlimited users', 'Location map', 'Portal bookings'],
    permissions: ['Plan.LocationMap', 'Plan.PortalBookings'],
    limits: { users: null, locations: 1, bookingPages: 1, helpdesks: 1 },
    product: product('Workplace', 'Workplace', 'Desks, rooms and people, booked and on the map.'),
  },
];

export function defaultPlan(type: ModuleKind): Plan {
  const plan = PLANS.find((p) => p.product.type === type && p.tier === 'Free');
  if (!plan) throw new Error(`No free plan for ${type}`);
  return plan;
}

export function planBySlug(slug: string): Plan | undefined {
  return PLANS.find((p) => p.slug === slug);
}

// Which product's plan decides each limit (decision 003).
export const PLAN_LIMIT_PRODUCT: Record<PlanLimit, ModuleKind> = {
  users: 'Workplace',
  locations: 'Workplace',
  bookingPages: 'Workplace',
  helpdesks: 'Helpdesk',
};

// The limit in force for a tenant subscribed to the given plans; null means unlimited.
export function effectiveLimit(planSlugs: readonly string[], limit: PlanLimit): number | null {
  const owner = PLAN_LIMIT_PRODUCT[limit];
  const plan = planSlugs.map(planBySlug).find((p) => p?.product.type === owner) ?? defaultPlan(owner);
  return plan.limits[limit];
}
