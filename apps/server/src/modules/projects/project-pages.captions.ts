import type { CaptionSet } from '../../platform/captions';

// Captions of the work-management pages (the project's tasks and stages tabs).
const en = {
  'projects.project.stagesTab': 'Task stages',
  'projects.project.taskCount_one': '{{count}} task',
  'projects.project.taskCount_other': '{{count}} tasks',
  'projects.project.taskCountLoading': 'Counting tasks…',
  'projects.project.taskCountFailed': 'The tasks could not be counted. Reload the page to try again.',
  'projects.project.openBoard': 'Open the board',
  'projects.project.openList': 'Open the task list',
};

const de: Record<keyof typeof en, string> = {
  'projects.project.stagesTab': 'Aufgabenphasen',
  'projects.project.taskCount_one': '{{count}} Aufgabe',
  'projects.project.taskCount_other': '{{count}} Aufgaben',
  'projects.project.taskCountLoading': 'Aufgaben werden gezählt …',
  'projects.project.taskCountFailed': 'Die Aufgaben konnten nicht gezählt werden. Laden Sie die Seite neu.',
  'projects.project.openBoard': 'Kanban-Board öffnen',
  'projects.project.openList': 'Aufgabenliste öffnen',
};

export const PROJECT_PAGES_CAPTIONS: CaptionSet = { en, de };
