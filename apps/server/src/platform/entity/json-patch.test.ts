import type { JsonPatchOperation } from '@atrium/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { applyJsonPatch } from './json-patch';

type Doc = Record<string, unknown>;
const apply = (doc: Doc, ops: unknown[]) => applyJsonPatch(doc, ops as JsonPatchOperation[]);
const failure = (doc: Doc, ops: unknown[]) => {
  try {
    apply(doc, ops);
  } catch (e) {
    if (e instanceof AppError) return { status: e.status, code: e.code };
    throw e;
  }
  return undefined;
};

// RFC 6902 Appendix A, the examples that apply to a JSON document.
describe('RFC 6902 appendix A', () => {
  it('A.1 adds an object member', () => {
    expect(apply({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }])).toEqual({ baz: 'qux', foo: 'bar' });
  });
  it('A.2 adds an array element', () => {
    expect(apply({ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }])).toEqual({ foo: ['bar', 'qux', 'baz'] });
  });
  it('A.3 removes an object member', () => {
    expect(apply({ baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }])).toEqual({ foo: 'bar' });
  });
  it('A.4 removes an array element', () => {
    expect(apply({ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }])).toEqual({ foo: ['bar', 'baz'] });
  });
  it('A.5 replaces a value', () => {
    expect(apply({ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }])).toEqual({ baz: 'boo', foo: 'bar' });
  });
  it('A.6 moves a value', () => {
    const doc = { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } };
    expect(apply(doc, [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }])).toEqual({
      foo: { bar: 'baz' },
      qux: { corge: 'grault', thud: 'fred' },
    });
  });
  it('A.7 moves an array element', () => {
    expect(apply({ foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }])).toEqual({
      foo: ['all', 'cows', 'eat', 'grass'],
    });
  });
  it('A.8 tests a value: success', () => {
    const doc = { baz: 'qux', foo: ['a', 2, 'c'] };
    expect(
      apply(doc, [
        { op: 'test', path: '/baz', value: 'qux' },
        { op: 'test', path: '/foo/1', value: 2 },
      ]),
    ).toEqual(doc);
  });
  it('A.9 tests a value: error', () => {
    expect(failure({ baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }])).toEqual({ status: 409, code: 'patchTestFailed' });
  });
  it('A.10 adds a nested member object', () => {
    expect(apply({ foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }])).toEqual({
      foo: 'bar',
      child: { grandchild: {} },
    });
  });
  it('A.11 ignores unrecognized elements', () => {
    expect(apply({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux', xyz: 123 }])).toEqual({ foo: 'bar', baz: 'qux' });
  });
  it('A.12 refuses adding to a nonexistent target', () => {
    expect(failure({ foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }])).toEqual({ status: 400, code: 'invalidPatch' });
  });
  it('A.14 unescapes ~01 as ~1, not /', () => {
    const doc = { '/': 9, '~1': 10 };
    expect(apply(doc, [{ op: 'test', path: '/~01', value: 10 }])).toEqual(doc);
  });
  it('A.15 compares strings and numbers strictly', () => {
    expect(failure({ '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }])).toEqual({ status: 409, code: 'patchTestFailed' });
  });
  it('A.16 adds an array value', () => {
    expect(apply({ foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }])).toEqual({ foo: ['bar', ['abc', 'def']] });
  });
  it('is atomic: a failing operation leaves the input untouched', () => {
    const doc = { a: 1 };
    expect(
      failure(doc, [
        { op: 'replace', path: '/a', value: 2 },
        { op: 'test', path: '/a', value: 1 },
      ])?.code,
    ).toBe('patchTestFailed');
    expect(doc).toEqual({ a: 1 });
  });
});
