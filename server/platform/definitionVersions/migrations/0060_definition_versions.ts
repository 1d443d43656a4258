// The versions of every definition (a screen, the menu tree, the selectors): the files' texts as each start found
// them and, later, the Definition Studio's edits. The catalogue a server serves is built from the ACTIVE ones.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('definition_version')
    .addColumn('definitionkey', 'varchar(200)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('contenthash', 'varchar(64)', (c) => c.notNull())
    .addColumn('filehash', 'varchar(64)')
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)')
    .addColumn('createdby', 'varchar(60)', (c) => c.notNull())
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .addColumn('approvedby', 'varchar(60)')
    .addColumn('approveddate', 'varchar(30)')
    .addPrimaryKeyConstraint('definition_version_pk', ['definitionkey', 'version'])
    .execute();
  // Exactly one version of a definition is served: the database refuses a second ACTIVE one.
  await db.schema.createIndex('definition_version_active_once').unique().on('definition_version').column('definitionkey').where(sql.ref('status'), '=', 'ACTIVE').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('definition_version').ifExists().execute();
}
