import { z } from 'zod';

// Names every JavaScript object answers to (constructor, toString, __proto__…). As a field
// name they would reach an object's machinery instead of a field, so no field has one.
export function isBuiltinName(name: string): boolean {
  return name in Object.prototype || name === 'prototype';
}

// A field named by a client (list filters and sorts, saved views): built-in names are unknown fields.
export const fieldNameSchema = z
  .string()
  .min(1)
  .max(100)
  .refine((name) => !isBuiltinName(name), { error: 'unknownField' });
