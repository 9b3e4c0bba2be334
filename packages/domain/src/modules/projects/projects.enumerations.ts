// Enumerations of work management. The spec names the priorities (spec §3, in the shared
// enumerations) and the default project columns; the project statuses and the scheduling modes
// are our decision (docs/decisions/087-work-management.md).
export const PROJECT_STATUSES = ['Planned', 'Active', 'OnHold', 'Completed', 'Cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

// manual: moving a task moves only that task; automatic: the tasks it blocks follow, keeping
// their finish-to-start gaps (OpenProject's two modes)
export const SCHEDULING_MODES = ['Manual', 'Automatic'] as const;
export type SchedulingMode = (typeof SCHEDULING_MODES)[number];

// A project's code prefixes its task keys (ATR-12): a capital letter, then 1–9 capitals or digits.
export const PROJECT_CODE_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;

// The priority palette (spec §9: colour palettes exist for priorities), Critical first.
export const PRIORITY_COLORS = {
  Critical: '#cf1322',
  Highest: '#fa541c',
  High: '#fa8c16',
  Medium: '#1677ff',
  Low: '#52c41a',
  Lowest: '#8c8c8c',
} as const;
