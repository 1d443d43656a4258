// `npm run reset-demo`: deletes the embedded demo database, so the next `npm start` creates, migrates and
// seeds it afresh. It never touches a PostgreSQL database (DATABASE_URL=postgres://...).
import { existsSync, rmSync } from 'node:fs';

const url = process.env.DATABASE_URL ?? 'sqlite:./data/alms.sqlite';
if (!url.startsWith('sqlite:')) {
  console.error(`DATABASE_URL is ${url.split('@').pop()}: reset-demo only deletes an embedded SQLite file. Drop and recreate that database yourself.`);
  process.exit(1);
}
const file = url.slice('sqlite:'.length);
if (file === ':memory:') process.exit(0);
// SQLite keeps recent writes beside the file (write-ahead log) until a checkpoint.
const removed = [file, `${file}-wal`, `${file}-shm`].filter((path) => existsSync(path));
for (const path of removed) rmSync(path);
console.log(removed.length ? `Deleted ${removed.join(', ')}: the next npm start seeds the demo data again.` : `No demo database at ${file}: nothing to delete.`);
