import { entityTable } from '../../src/platform/entity/entity-table';
import { registerEntity } from '../../src/platform/entity';
import type { Router } from '../../src/platform/router';
import { kindTableSql } from '../sample-entity';
import { gadgetEntity } from './gadget.entity';

// The server side of the throwaway kind: its table and its one registration.
export const gadgets = entityTable('gadgets', gadgetEntity);

export function registerGadgets(router: Router): void {
  registerEntity(router, gadgetEntity, {
    table: gadgets,
    example: { name: 'Oscilloscope' },
    patchExample: [{ op: 'replace', path: '/condition', value: 'used' }],
  });
}

// What its migration would create (engine columns, its fields, search columns, forced RLS).
export const GADGETS_SQL = kindTableSql(
  'gadgets',
  'name text not null, serial_number text, price numeric(15, 2), purchased_on date, condition text',
  `lower(coalesce(name, '') || ' ' || coalesce(serial_number, ''))`,
);
