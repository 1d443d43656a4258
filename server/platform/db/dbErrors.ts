// What a database error means, on either driver.

/** A unique index or primary key refused the row (PostgreSQL 23505; better-sqlite3's constraint codes). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * A value past what its column holds: PostgreSQL's 22003 (a whole number beyond `integer`, e.g. a serial key,
 * 2^31 - 1). SQLite's integers hold any safe integer, so only PostgreSQL refuses. Request values are checked
 * against their field types before SQL; a column narrower than the type is refused here, as bad input.
 */
export function isOutOfRange(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === '22003';
}
