import type { EntityRow } from './entity-registry';
import { sameValue } from './json-value';

// A write whose values equal the stored ones changes nothing: the version and the ETag stay,
// and no activity is recorded (RFC 9110: the representation did not change).
export function changesNothing(before: EntityRow, values: EntityRow): boolean {
  return Object.entries(values).every(([key, value]) => sameValue(value, before[key]));
}
