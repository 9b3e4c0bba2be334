import type { EntityKind } from '@atrium/domain';
import type { TenantContext } from '../context';

// Notes imported as a column (issue 26): a column mapped to NOTE_TARGET adds its text as a note
// to the record its row created or updated. The core's notes module writes them (the platform
// knows no notes table); kinds without notes, or callers who may not add one, get no such target.
export const NOTE_TARGET = 'note';
export const NOTE_LABEL = 'transfer.noteColumn';
// column names other products use for it, besides the label in every language
export const NOTE_ALIASES = [
  'notes',
  'comment',
  'comments',
  'remarks',
  'description',
  'bemerkung',
  'bemerkungen',
  'kommentar',
  'anmerkung',
];

export type ImportedNote = { entityId: string; text: string };
type NoteWriter = (ctx: TenantContext, kind: EntityKind, notes: readonly ImportedNote[]) => Promise<void>;
let writer: NoteWriter | undefined;

export function provideImportedNotes(provided: NoteWriter): void {
  writer = provided;
}
export const importedNotesAvailable = (): boolean => writer !== undefined;
export async function writeImportedNotes(ctx: TenantContext, kind: EntityKind, notes: readonly ImportedNote[]): Promise<void> {
  if (writer && notes.length > 0) await writer(ctx, kind, notes);
}
