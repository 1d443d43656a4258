// PostgreSQL schemas of their own, for test files and benchmarks that run beside each other.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function run(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createSchema(url: string, prefix: string): Promise<string> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await run(url, `create schema ${schema}`);
  return schema;
}

export const dropSchema = (url: string, schema: string): Promise<void> => run(url, `drop schema ${schema} cascade`);
