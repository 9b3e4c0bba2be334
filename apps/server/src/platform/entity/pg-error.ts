// drizzle wraps driver errors (DrizzleQueryError.cause); the SQLSTATE may be on either.
export function pgErrorCode(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  if (typeof err?.code === 'string') return err.code;
  if (typeof err?.cause?.code === 'string') return err.cause.code;
  return undefined;
}
