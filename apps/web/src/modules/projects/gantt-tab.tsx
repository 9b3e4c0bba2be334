import { preloadable } from '../../platform/lazy/preloadable';

// The chart is its own chunk: a project's record page loads it when the address names the
// Gantt tab (the tab's prefetch, with its data) or when the tab opens.
export const GanttTab = preloadable(async () => (await import('./gantt-view')).GanttView);
