import {
  mentionSuggestionQuerySchema,
  mentionSuggestionSchema,
  noteAddSchema,
  noteListSchema,
  noteSchema,
  noteUpdateSchema,
  pagedResponse,
} from '@atrium/domain';
import { z } from 'zod';
import type { Router } from '../../platform/router';
import * as notesService from './notes.service';
import { EXAMPLE_ENTITY, idParams, recordIn, type SharedRecordDeps } from './shared-records.access';

// Permissions come from the definition of the kind in the body (the router's record rule);
// edits and deletes by note id check the note's record in the service.
export function registerNoteRoutes(router: Router, deps: SharedRecordDeps): void {
  const tags = ['notes'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/notes/list',
    summary: 'Notes of a record, newest first',
    tags,
    permission: null,
    record: { feature: 'view', capability: 'notes', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, page: 1, pageSize: 25 },
    schemas: { body: noteListSchema, response: pagedResponse(noteSchema) },
    handler: (ctx, { body }) => notesService.list(ctx, deps, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/notes',
    summary: 'Add a note (rich text, sanitized; @mentions notify)',
    tags,
    permission: null,
    status: 201,
    record: { feature: 'addNote', capability: 'notes', of: ({ body }) => recordIn(body) },
    example: { ...EXAMPLE_ENTITY, body: '<p>Called about the renewal.</p>' },
    schemas: { body: noteAddSchema, response: noteSchema },
    handler: (ctx, { body }) => notesService.add(ctx, deps, body),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/notes/:id',
    summary: 'Update a note (author or ManageNotes)',
    tags,
    permission: null,
    table: 'notes',
    example: { body: '<p>Called about the renewal, again.</p>' },
    schemas: { params: idParams, body: noteUpdateSchema, response: noteSchema },
    handler: (ctx, { params, body }) => notesService.update(ctx, deps, params.id, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/notes/:id',
    summary: 'Delete a note (author or ManageNotes)',
    tags,
    permission: null,
    table: 'notes',
    status: 204,
    schemas: { params: idParams },
    handler: async (ctx, { params }) => {
      await notesService.remove(ctx, deps, params.id);
    },
  });
  // Spec §5: deleting a note with no id does nothing.
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/notes',
    summary: 'Delete a note without an id: does nothing',
    tags,
    permission: null,
    status: 204,
    schemas: {},
    handler: async () => {},
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/notes/mention-suggestions',
    summary: 'Workspace members to @mention',
    tags,
    permission: null,
    schemas: { query: mentionSuggestionQuerySchema, response: z.array(mentionSuggestionSchema) },
    handler: (ctx, { query }) => notesService.mentionSuggestions(ctx, deps, query),
  });
}
