import type { CaptionSet } from '../captions';

// Captions of background jobs (progress, cancel, retry) and of the workspace clean-up job.
const en = {
  'workspace.title': 'Workspace',
  'workspace.cleanup.title': 'Clean-up',
  'workspace.cleanup.text':
    'Removes what has expired in this workspace: invitations expired more than 30 days ago, uploaded files never added to a record, idempotency keys and live events older than a day, and jobs finished more than 30 days ago. It runs every hour by itself.',
  'workspace.cleanup.run': 'Clean up now',
  'workspace.cleanup.progress': 'Clean-up progress',
  'workspace.cleanup.never': 'Not run from here yet.',
  'workspace.cleanupFailed': 'The clean-up could not be started',
  'jobs.status.queued': 'Queued',
  'jobs.status.running': 'Running',
  'jobs.status.succeeded': 'Done',
  'jobs.status.failed': 'Failed',
  'jobs.status.cancelled': 'Cancelled',
  'jobs.counts': '{{done}} of {{total}}',
  'jobs.countsOpen': '{{done}} done',
  'jobs.errors_one': '{{count}} error',
  'jobs.errors_other': '{{count}} errors',
  'jobs.cancel': 'Cancel job',
  'jobs.retry': 'Retry',
  'jobs.loadFailed': 'The job could not be loaded',
  'errorCodes.jobNotCancellable': 'The job has already finished',
  'errorCodes.jobNotRetryable': 'Only a failed or cancelled job can be retried',
};

const de: Record<keyof typeof en, string> = {
  'workspace.title': 'Arbeitsbereich',
  'workspace.cleanup.title': 'Aufräumen',
  'workspace.cleanup.text':
    'Entfernt, was in diesem Arbeitsbereich abgelaufen ist: Einladungen, die seit mehr als 30 Tagen abgelaufen sind, hochgeladene Dateien, die nie einem Datensatz hinzugefügt wurden, Idempotenzschlüssel und Live-Ereignisse, die älter als einen Tag sind, und Aufträge, die vor mehr als 30 Tagen beendet wurden. Es läuft von selbst jede Stunde.',
  'workspace.cleanup.run': 'Jetzt aufräumen',
  'workspace.cleanup.progress': 'Fortschritt des Aufräumens',
  'workspace.cleanup.never': 'Von hier aus noch nicht gestartet.',
  'workspace.cleanupFailed': 'Das Aufräumen konnte nicht gestartet werden',
  'jobs.status.queued': 'Wartet',
  'jobs.status.running': 'Läuft',
  'jobs.status.succeeded': 'Fertig',
  'jobs.status.failed': 'Fehlgeschlagen',
  'jobs.status.cancelled': 'Abgebrochen',
  'jobs.counts': '{{done}} von {{total}}',
  'jobs.countsOpen': '{{done}} erledigt',
  'jobs.errors_one': '{{count}} Fehler',
  'jobs.errors_other': '{{count}} Fehler',
  'jobs.cancel': 'Auftrag abbrechen',
  'jobs.retry': 'Erneut versuchen',
  'jobs.loadFailed': 'Der Auftrag konnte nicht geladen werden',
  'errorCodes.jobNotCancellable': 'Der Auftrag ist bereits beendet',
  'errorCodes.jobNotRetryable': 'Nur ein fehlgeschlagener oder abgebrochener Auftrag kann wiederholt werden',
};

export const JOB_CAPTIONS: CaptionSet = { en, de };
