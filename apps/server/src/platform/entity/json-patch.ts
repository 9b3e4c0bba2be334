import type { EntityField, ErrorCode, JsonPatchOperation } from '@atrium/domain';
import { isContentBlock } from '@atrium/domain';
import fastJsonPatch from 'fast-json-patch';
import { AppError } from '../errors';
import type { FieldAccess } from './custom-fields';

const { applyPatch, JsonPatchError } = fastJsonPatch;

export type PatchRules = {
  // top-level members a patch may change
  writable: ReadonlySet<string>;
  // top-level members a patch may read (test, copy from) but not change
  readable: ReadonlySet<string>;
  // customFields.<key> definitions, when the entity has custom fields
  customFields?: readonly EntityField[];
  access: FieldAccess;
};

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

// Members no JSON document of ours has, that name JavaScript's object machinery instead.
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
// RFC 6901 §4: an array index is 0 or digits without a leading zero; `-` (past the end) only
// where an operation adds.
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

// Walks a pointer through the document, refusing what RFC 6901 does not allow, the same way
// for every operation: a leading-zero index, `-` outside an add, a built-in member name.
function checkPointer(doc: unknown, pointer: string, adding: boolean): void {
  const segments = pointer.split('/').slice(1).map(unescape);
  let node: unknown = doc;
  segments.forEach((seg, i) => {
    if (FORBIDDEN_SEGMENTS.has(seg)) reject(pointer, 'invalidPatch', `may not name ${seg}`);
    const last = i === segments.length - 1;
    if (Array.isArray(node)) {
      if (seg === '-' && last && adding) return;
      if (!ARRAY_INDEX.test(seg)) reject(pointer, 'invalidPatch', `has ${seg}, which is not an array index`);
      node = node[Number(seg)];
    } else if (node !== null && typeof node === 'object') {
      node = Object.hasOwn(node, seg) ? (node as Record<string, unknown>)[seg] : undefined;
    } else {
      node = undefined;
    }
  });
}

function reject(path: string, code: ErrorCode, message: string): never {
  throw new AppError(400, code, `${path} ${message}`, [{ field: path, code, message: `${path} ${message}` }]);
}

// Checks one pointer of an operation against the entity before anything is applied, so a
// patch naming an unknown, read-only or restricted member is a 400 naming that path.
function checkPath(path: string, writing: boolean, rules: PatchRules): void {
  const segments = path.split('/').slice(1).map(unescape);
  const top = segments[0];
  if (top === undefined || top === '') reject(path || '/', 'invalidPatch', 'must name a field');
  if (top === 'customFields' && rules.customFields) {
    const key = segments[1];
    if (key === undefined) return; // whole object: each changed key is checked on write
    const f = rules.customFields.find((x) => x.key === key && !isContentBlock(x.kind));
    if (!f) reject(path, 'unknownField', 'is not a known field');
    if (f.restricted && !rules.access.viewRestricted) reject(path, 'restrictedField', 'is restricted');
    if (!writing) return;
    if (f.readOnly) reject(path, 'readOnlyField', 'is read-only');
    if (f.restricted && !rules.access.manageRestricted) reject(path, 'restrictedField', 'is restricted');
    return;
  }
  if (rules.writable.has(top)) return;
  if (rules.readable.has(top)) {
    if (writing) reject(path, 'readOnlyField', 'is read-only');
    return;
  }
  reject(path, 'unknownField', 'is not a known field');
}

// RFC 6902 over a JSON document; the input is not changed. `test` failing is a 409 (the
// state differs from what the client expected), any other failure a 400 naming the path.
// An empty patch is valid and changes nothing (RFC 6902 §3).
export function applyJsonPatch<T extends object>(doc: T, ops: readonly JsonPatchOperation[], rules?: PatchRules): T {
  if (rules) {
    for (const op of ops) {
      checkPath(op.path, op.op !== 'test', rules);
      if (op.op === 'move') checkPath(op.from, true, rules);
      if (op.op === 'copy') checkPath(op.from, false, rules);
    }
  }
  let current = structuredClone(doc);
  try {
    // one operation at a time, each pointer checked against the document as it is then
    for (const op of ops) {
      checkPointer(current, op.path, op.op === 'add' || op.op === 'move' || op.op === 'copy');
      if (op.op === 'move' || op.op === 'copy') checkPointer(current, op.from, false);
      current = applyPatch(current, [{ ...op }] as Parameters<typeof applyPatch>[1], true, true).newDocument;
    }
    return current;
  } catch (e) {
    if (e instanceof JsonPatchError) {
      const op = e.operation as { path?: string } | undefined;
      const path = op?.path ?? `/${e.index ?? 0}`;
      if (e.name === 'TEST_OPERATION_FAILED') {
        throw new AppError(409, 'patchTestFailed', `test failed at ${path}`, [
          { field: path, code: 'patchTestFailed', message: `${path} does not have the tested value` },
        ]);
      }
      throw new AppError(400, 'invalidPatch', `${path}: ${e.message.split('\n')[0]}`, [
        { field: path, code: 'invalidPatch', message: e.message.split('\n')[0] ?? 'invalid operation' },
      ]);
    }
    throw e;
  }
}
