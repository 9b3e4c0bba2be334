import { z } from 'zod';

// RFC 6902 operations; members an operation does not define are ignored (RFC 6902 A.11).
// Pointers are RFC 6901 strings; the server checks each path against
// the entity's writable fields.
const pointer = z
  .string()
  .max(500)
  .regex(/^(\/[^/]*)*$/, { error: 'validation' });

export const jsonPatchOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: pointer, value: z.unknown() }),
  z.object({ op: z.literal('remove'), path: pointer }),
  z.object({ op: z.literal('replace'), path: pointer, value: z.unknown() }),
  z.object({ op: z.literal('move'), from: pointer, path: pointer }),
  z.object({ op: z.literal('copy'), from: pointer, path: pointer }),
  z.object({ op: z.literal('test'), path: pointer, value: z.unknown() }),
]);
export type JsonPatchOperation = z.infer<typeof jsonPatchOperationSchema>;

// An empty patch is valid and changes nothing (RFC 6902 §3).
export const jsonPatchSchema = z.array(jsonPatchOperationSchema).max(100);
export type JsonPatch = z.infer<typeof jsonPatchSchema>;
