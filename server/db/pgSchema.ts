// PostgreSQL schemas of their own, for test files and benchmarks that run beside each other.
// Names carry their creation time, so a schema left by an interrupted run is dropped an hour later.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const STALE_AFTER_SECONDS = 3600;

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export async function createSchema(url: string, prefix: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const schema = `${prefix}_${now}_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, async (admin) => {
    const { rows } = await admin.query<{ name: string }>('select schema_name as name from information_schema.schemata where schema_name like $1', [`${prefix}\\_%`]);
    for (const { name } of rows) {
      const created = Number(name.slice(prefix.length + 1).split('_')[0]);
      if (Number.isInteger(created) && created > 0 && now - created > STALE_AFTER_SECONDS) await admin.query(`drop schema if exists ${name} cascade`);
    }
    await admin.query(`create schema ${schema}`);
  });
  return schema;
}

export const dropSchema = (url: string, schema: string): Promise<void> =>
  withAdmin(url, async (admin) => {
    await admin.query(`drop schema if exists ${schema} cascade`);
  });
