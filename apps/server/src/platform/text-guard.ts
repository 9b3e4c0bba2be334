import type { ProblemField } from '@atrium/domain';
import { AppError } from './errors';

// Text PostgreSQL cannot store (NUL) or that is not Unicode at all (a lone UTF-16 surrogate):
// refused at the door with the field named, before any statement runs.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

// A field name fit to show back: the bad characters themselves replaced.
const printable = (s: string) => s.replaceAll('\u0000', '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');

const MAX_DEPTH = 64;

// The first string or object key below `value` that is not storable text, as a dotted path.
export function findUnstorableText(value: unknown, path: readonly string[] = []): string | undefined {
  const stack: { v: unknown; p: readonly string[] }[] = [{ v: value, p: path }];
  while (stack.length > 0) {
    const { v, p } = stack.pop() as { v: unknown; p: readonly string[] };
    if (typeof v === 'string') {
      if (!isStorableText(v)) return p.join('.');
    } else if (v !== null && typeof v === 'object' && p.length - path.length < MAX_DEPTH) {
      for (const [k, child] of Object.entries(v)) {
        if (!isStorableText(k)) return [...p, printable(k)].join('.');
        stack.push({ v: child, p: [...p, k] });
      }
    }
  }
  return undefined;
}

// Checks the parts of a request a route reads; `body` fields are named without a prefix,
// like the validation errors of the body.
export function assertStorableInput(parts: { body?: unknown; query?: unknown; params?: unknown }): void {
  const errors: ProblemField[] = [];
  for (const [part, value] of [
    ['params', parts.params],
    ['query', parts.query],
    ['body', parts.body],
  ] as const) {
    const at = findUnstorableText(value, part === 'body' ? [] : [part]);
    if (at === undefined) continue;
    const field = at === '' ? part : at;
    errors.push({ field, code: 'invalidText', message: `${field} contains a NUL character or a lone UTF-16 surrogate` });
  }
  if (errors.length > 0) throw new AppError(400, 'invalidText', errors.map((e) => e.message).join('; '), errors);
}
