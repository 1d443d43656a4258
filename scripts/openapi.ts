// Writes the server's OpenAPI 3.1 reference to a file for client generators: `npm run openapi [path]`
// (docs/openapi.json by default). A server is built over an empty in-memory database, as a production start
// would build it (no demo rows), and the document it would serve is written.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { createServer } from '../server/platform/server';

const target = resolve(process.argv[2] ?? 'docs/openapi.json');
const url = 'sqlite::memory:';
const database = openDatabase(url);
// No built front end: its files' hashed names would change the document with every build.
const config = readConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'unused-for-the-reference', DATABASE_URL: url, LOG_LEVEL: 'warn', STATIC_DIR: '.tmp/no-app' });
const { app } = await createServer({ config, database, logger: false });
await app.ready();
const document = app.apiReference();
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(document)}\n`);
console.log(`${target}: ${Object.keys(document.paths).length} paths`);
await app.close();
await database.close();
