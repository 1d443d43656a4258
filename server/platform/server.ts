// Assembles the server from its parts: migrations, definition-built tables, seed data, the generic resource API,
// and what each module of server/ brings (server/platform/modules.ts: actions, hooks, ledger listeners, routes).
import { isApprovalPage } from '../../engine/definition/approvals';
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { Action } from './core/action';
import { buildApp } from './app';
import type { ServerConfig } from './core/config';
import type { Database } from './db/database';
import { migrateToLatest } from './migrations';
import { catalogueFromTexts, readDefinitionFiles, SCREENS_DIR, type DefinitionText, type VersionChange } from './definitions';
import { activateVersions, catalogueFromVersions, definitionProblems, rollbackTo, syncDefinitionVersions, versionsStamp, type ActivateOptions } from './definitionVersions/definitionVersionStore';
import { checkDefinitionTexts } from './definitionVersions/definitionChecks';
import { DefinitionReloader } from './definitionVersions/definitionReloader';
import { watchDefinitionFiles } from './definitionVersions/definitionWatcher';
import type { DefinitionVersionRow } from './db/schema';
import { CountCache, resourceTables } from './resources/countCache';
import { resourceActions, unservedActions } from './resources/resourceActions';
import type { DefinitionServices, ModuleServices } from './serverModule';
import { recordActions } from './resources/recordActions';
import { bulkResourceActions } from './resources/bulkActions';
import { gateResourceActions } from './approvals/approvalHooks';
import { ApprovalRegistry } from './approvals/approvalRegistry';
import { approvalActions } from './approvals/approvalActions';
import { registerLedgerListener } from './core/ledgerListeners';
import { serverModules, type ServerModules } from './modules';
import { unservedWizards } from './wizards/wizardActions';
import { syncResourceIndexes, syncResourceTables } from './resources/schemaSync';
import { selectorActions } from './resources/selectorActions';
import { RowScopes } from './resources/rowScope';
import { panelActions } from './panels/panelActions';
import { seed } from './seeding';
import { Mailer } from './core/mailer';
import { createRollupTables, installRollups } from './rollups/rollupStore';
import { quietly, type StartProgress } from './core/startProgress';
import { isEmptyDatabase } from './db/migrate';
import { CLIENT_VERSION } from '../../engine/api/envelope';
import { openApiDocument, type OpenApiDocument } from './openapi/openApiDocument';
import { OPENAPI_JSON_PATH, openApiActions } from './openapi/openApiAction';
import { findSessionUser } from './session/sessionStore';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI reference of every route the app serves (built when the app is ready). */
    apiReference: () => OpenApiDocument;
    /** The definitions served, and the Definition Studio's changes to them: this server serves a change at once. */
    definitions: ServedDefinitionVersions;
  }
}

/** What a server builds from a catalogue, swapped whole when the definitions reload. */
interface ServedDefinitions {
  catalogue: Catalogue;
  services: ModuleServices;
  actions: Action[];
  scopes: RowScopes;
  apiReference: () => OpenApiDocument;
}

export interface ServedDefinitionVersions {
  catalogue(): Catalogue;
  /** activateVersions with the server's checks (its report queries, every custom action served), then served. */
  activate(changes: readonly VersionChange[]): Promise<DefinitionVersionRow[]>;
  rollbackTo(key: string, version: number, by: string, reason: string): Promise<DefinitionVersionRow>;
  /** Serves what the database serves now (after a commit that activated a version). */
  reload(): Promise<void>;
}

export interface ServerOptions {
  config: ServerConfig;
  database: Database;
  /** Served instead of the database's definition versions (a test's own screens). */
  catalogue?: Catalogue;
  /** Where the definition files are synced from into the database's versions (a test's copy of screens/). */
  screensDir?: string;
  now?: () => Date;
  logger?: boolean | NodeJS.WritableStream;
  extraActions?: Action[];
  /** How a first start tells what it is doing (server/main.ts prints it); quiet when absent. */
  progress?: StartProgress;
}

export async function createServer(options: ServerOptions): Promise<{ app: FastifyInstance; catalogue: Catalogue; mailer: Mailer; modules: ServerModules }> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const modules = await serverModules();
  // A first start (no tables yet) says what it does, step by step; later starts are quick and quiet.
  const step = options.progress && (await isEmptyDatabase(database)) ? options.progress : quietly;
  await step('Migrating the database', () => migrateToLatest(database.db, database.schema));
  // The product serves the definitions the database holds: the files of screens/ become versions first.
  const screensDir = options.screensDir ?? SCREENS_DIR;
  const synced = await step('Storing the definition files as definition versions', () => syncDefinitionVersions(database.db, readDefinitionFiles(screensDir), now()));
  // Taken before the versions are read: an activation on another server meanwhile is reloaded at the first poll.
  const startedOn = await versionsStamp(database.db);
  const catalogue = options.catalogue ?? (await catalogueFromVersions(database.db, screensDir));
  await step("Building the screen definitions' tables", async () => {
    await syncResourceTables(database.db, catalogue, database.schema, { indexes: false });
    await createRollupTables(database.db);
  });
  // The demo is seeded as of the server's clock (a test may start it a year ahead), into tables without their
  // indexes and rollup triggers yet: each is built once over the seeded rows after it, not kept up row by row.
  await seed(database.db, catalogue, config, options.now?.(), step);
  await step('Building indexes (lists and contains search)', (tell) => syncResourceIndexes(database.db, catalogue, database.schema, tell));
  // The dashboard's rollups are kept by triggers (counted from the rows when first installed).
  await step("Installing the dashboard's rollups and counting them", () => installRollups(database.db));
  // The modules hear every ledger posting through this database from now on (the seed's history replay is muted).
  for (const listener of modules.ledgerListeners()) registerLedgerListener(database.db, listener);
  const mailer = new Mailer(config, database.db, undefined, options.now);
  /** What an activation checks: `npm run validate`'s checks (the modules' reports known), then that a server can be built from it. */
  const checks: ActivateOptions = {
    dir: screensDir,
    check: (definitions) => {
      const { problems } = checkDefinitionTexts(definitions, screensDir, modules.reportSignatures());
      if (problems.length > 0) return problems;
      try {
        build(catalogueFromTexts(definitions));
        return [];
      } catch (error) {
        // A custom action no module serves.
        return [(error as Error).message];
      }
    },
  };
  /** The Definition Studio's way to the same checks, activation and reload (the reloader is made below, before any call). */
  const definitions: DefinitionServices = {
    dir: screensDir,
    problems: (db, changes) => definitionProblems(db, changes, checks),
    activate: (db, changes) => activateVersions(db, changes, { ...checks, now: now() }),
    reload: () => reloader.reload(),
  };
  /** What the server builds from a catalogue: its services, actions, row scopes and API reference (swapped by a reload). */
  const build = (catalogue: Catalogue): ServedDefinitions => {
    // Maker-checker: the approval pages decide what the gated resource writes (and domain flows) request.
    const approvals = new ApprovalRegistry(catalogue.pages.filter(isApprovalPage));
    const services: ModuleServices = { catalogue, dialect: database.dialect, counts: new CountCache(Date.now, resourceTables(catalogue)), hooks: modules.hooks(catalogue), approvals, definitions };
    services.approvalGate = (screen, actions) => gateResourceActions(approvals, screen, actions, services);
    const actions = [...modules.actions(), ...resourceActions(services), ...recordActions(services), ...bulkResourceActions(services, config), ...approvalActions({ catalogue, registry: approvals, dialect: database.dialect }), ...selectorActions(services), ...panelActions(catalogue), ...modules.catalogueActions(catalogue), ...modules.serviceActions(services), ...(options.extraActions ?? []), ...openApiActions(() => app.apiReference())];
    const unserved = [...unservedActions(catalogue, actions), ...unservedWizards(catalogue, actions)];
    if (unserved.length > 0) throw new Error(`Custom actions without a server action:\n${unserved.map((p) => `  - ${p}`).join('\n')}`);
    let reference: OpenApiDocument | undefined;
    // Built once every route is there (the actions, the modules' routes and the files), when first asked for.
    const apiReference = () => (reference ??= openApiDocument({ actions, routes: app.servedRoutes.filter((r) => !app.isActionRoute(r)), version: CLIENT_VERSION }));
    return { catalogue, services, actions, scopes: new RowScopes(catalogue), apiReference };
  };
  let served = build(catalogue);
  // A domain write (an enrollment, a merge, a status change) drops the counts over its table as the screens' own writes do.
  database.onTableWrite((table) => served.services.counts.invalidateTable(table));
  const app = await buildApp({ config, db: database.db, actions: served.actions, now: options.now, logger: options.logger, mailer, scopes: served.scopes });
  mailer.useLog(app.log);
  for (const c of synced.conflicts) {
    app.log.warn({ definitionkey: c.key, version: c.active, conflict: c.conflict }, `Definition ${c.key}: its file changed under studio version ${c.active}, which stays active; the file's text is version ${c.conflict} (CONFLICT)`);
  }
  modules.routes(app, { db: database.db, screensDir, ...(options.now ? { now: options.now } : {}) });
  // The same document as a plain JSON file for client generators: GET /api/openapi.json with a staff bearer token.
  app.get(OPENAPI_JSON_PATH, { config: { reference: { summary: 'This API reference as a JSON file', guard: 'session', produces: 'application/json' } } }, async (request, reply) => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const session = token ? await findSessionUser(database.db, token, now()) : undefined;
    if (!session) return reply.code(401).type('application/json').send({ status: { responsecode: CODES.UNAUTHENTICATED, responsemessage: MESSAGES.UNAUTHENTICATED } });
    return reply.type('application/json').send(app.apiReference());
  });
  app.decorate('apiReference', () => served.apiReference());
  app.addHook('onReady', async () => void app.apiReference());
  app.addHook('onClose', () => mailer.close());

  /**
   * Builds everything of a catalogue, then serves it at once: the tables of the screens that changed first (a new
   * table, new columns and their indexes), so its first call finds them.
   */
  const serve = async (catalogue: Catalogue) => {
    const next = build(catalogue);
    const before = new Map(served.catalogue.screens.map((screen) => [screen.menucode, JSON.stringify(screen)]));
    const changed = catalogue.screens.filter((screen) => before.get(screen.menucode) !== JSON.stringify(screen));
    if (changed.length > 0) await syncResourceTables(database.db, { ...catalogue, screens: changed }, database.schema);
    served = next;
    app.serveActions(next);
    void next.apiReference();
  };
  // A test's own catalogue is served as it is; otherwise the database's active versions, reloaded when they change.
  const reloader = new DefinitionReloader({
    db: database.db,
    pollMs: options.catalogue ? 0 : config.definitionsPollMs,
    log: app.log,
    reload: async () => serve(await catalogueFromVersions(database.db, screensDir)),
  });
  app.decorate('definitions', {
    catalogue: () => served.catalogue,
    activate: async (changes: readonly VersionChange[]) => reloader.after(activateVersions(database.db, changes, { ...checks, now: now() })),
    rollbackTo: async (key: string, version: number, by: string, reason: string) => reloader.after(rollbackTo(database.db, key, version, by, reason, { ...checks, now: now() })),
    reload: () => reloader.reload(),
  });
  reloader.start(startedOn);
  app.addHook('onClose', async () => reloader.stop());
  if (config.definitionsWatch && !options.catalogue) {
    // Named as files of screens/ (their `$schema` paths are relative to it), wherever the watched copy is.
    const checkFiles = (files: DefinitionText[]) => checkDefinitionTexts(files, SCREENS_DIR, modules.reportSignatures()).problems;
    // Once now, so that the first save does not wait for the checks' schemas to compile.
    checkFiles(readDefinitionFiles(screensDir));
    const stopWatching = watchDefinitionFiles({
      dir: screensDir,
      log: app.log,
      sync: async () => {
        const files = readDefinitionFiles(screensDir);
        const problems = checkFiles(files);
        if (problems.length === 0) await reloader.after(syncDefinitionVersions(database.db, files, now()));
        return problems;
      },
    });
    app.addHook('onClose', async () => stopWatching());
  }
  return { app, catalogue, mailer, modules };
}
