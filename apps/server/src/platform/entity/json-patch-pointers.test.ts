import type { JsonPatchOperation } from '@atrium/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { applyJsonPatch } from './json-patch';

// Issue 11: pointers are checked the same way for every operation, whoever calls the engine's
// patch (with or without an entity's rules): built-in member names and non-canonical array
// indexes are a 400 naming the path, never a TypeError.
const refusal = (doc: Record<string, unknown>, op: Record<string, unknown>) => {
  try {
    applyJsonPatch(doc, [op as JsonPatchOperation]);
    return 'applied';
  } catch (e) {
    return e instanceof AppError ? `${e.status} ${e.code}` : `crash ${(e as Error).name}`;
  }
};

describe('JSON Pointer checks', () => {
  const doc = () => ({ a: [1, 2, 3], o: { k: 1 } });

  it('refuses __proto__, constructor and prototype anywhere in a path', () => {
    for (const path of ['/__proto__/x', '/o/constructor', '/o/__proto__/polluted', '/a/prototype', '/constructor/prototype/x']) {
      for (const op of ['add', 'replace', 'remove', 'test'])
        expect(refusal(doc(), { op, path, value: 1 }), `${op} ${path}`).toBe('400 invalidPatch');
      expect(refusal(doc(), { op: 'copy', from: path, path: '/o/y' }), `copy ${path}`).toBe('400 invalidPatch');
      expect(refusal(doc(), { op: 'move', from: path, path: '/o/y' }), `move ${path}`).toBe('400 invalidPatch');
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses leading zeros in array indexes for every operation alike, and `-` outside an add', () => {
    for (const op of ['add', 'replace', 'remove', 'test'])
      expect(refusal(doc(), { op, path: '/a/01', value: 9 }), op).toBe('400 invalidPatch');
    expect(refusal(doc(), { op: 'copy', from: '/a/01', path: '/a/-' })).toBe('400 invalidPatch');
    expect(refusal(doc(), { op: 'move', from: '/a/01', path: '/a/-' })).toBe('400 invalidPatch');
    expect(refusal(doc(), { op: 'remove', path: '/a/-' })).toBe('400 invalidPatch');
    expect(refusal(doc(), { op: 'add', path: '/a/-', value: 4 })).toBe('applied');
    expect(refusal(doc(), { op: 'replace', path: '/a/1', value: 9 })).toBe('applied');
  });

  it('applies an empty patch as a no-op', () => {
    expect(applyJsonPatch(doc(), [])).toEqual(doc());
  });
});
