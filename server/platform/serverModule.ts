// What a server module brings, declared once in its manifest (<folder>/<folder>Module.ts under server/), and how the
// manifests are found: every folder below server/ with such a file is a module, loaded when a server starts. Domain
// modules stand in folders named as staff name the menu groups (server/memberManagement/enrollment), the platform's
// in server/platform/.
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { ReportSignatures } from '../../engine/definition/checkReportPages';
import type { DefinitionVersionRow, Schema } from './db/schema';
import type { DefinitionText, VersionChange } from './definitions';
import type { DailySchedule, JobHandler } from './jobs/jobHandler';
import type { LedgerListener } from './core/ledgerListeners';
import type { HookRegistry } from './resources/hooks';
import type { ResourceServices } from './resources/resourceServices';
import type { Action } from './core/action';
import type { ServerConfig } from './core/config';
import type { Tell } from './core/startProgress';
import type { ApprovalRegistry } from './approvals/approvalRegistry';

/** What a module's service actions are given: the generic resource services and the approvals. */
export interface ModuleServices extends ResourceServices {
  /** The approval appliers and decision listeners, for domain actions that request or follow approvals. */
  approvals?: ApprovalRegistry;
  /** The definitions the server serves, checked, activated and reloaded as the server does (the Definition Studio's). */
  definitions?: DefinitionServices;
}

/** A server's definition versions as the Definition Studio changes them. */
export interface DefinitionServices {
  /** Where the definition files are (which keys still have a file). */
  dir: string;
  /** definitionProblems with the server's checks: what serving `changes` on top of what `db` serves would break. */
  problems(db: Kysely<Schema>, changes: readonly DefinitionText[]): Promise<string[]>;
  /** activateVersions with the server's checks, in `db` (a decision's transaction); served once reload() is called after it commits. */
  activate(db: Kysely<Schema>, changes: readonly VersionChange[]): Promise<DefinitionVersionRow[]>;
  /** Serves what the database serves now (at once on this server; the others follow by their poll). */
  reload(): Promise<void>;
}

/** The steps of a first start's seed, in the order they run; only the first two run in production (server/platform/seed/seed.ts). */
export const SEED_STEPS = ['users', 'reference', 'programme', 'members', 'operations'] as const;
export type SeedStep = (typeof SEED_STEPS)[number];

/** What a seed part is given. */
export interface SeedContext {
  db: Kysely<Schema>;
  catalogue: Catalogue;
  config: Pick<ServerConfig, 'production' | 'adminPassword'> & Partial<Pick<ServerConfig, 'demoMembers'>>;
  /** The day the demo is seeded as of (its dates move with it). */
  now: Date;
  /** Progress lines for the start's output (a long part says how far it got). */
  tell: Tell;
}

/** Rows a module writes on a first start (each part fills its tables once, while they are empty). */
export interface SeedPart {
  /** How `after` names the part. */
  name: string;
  step: SeedStep;
  /**
   * Parts that run before this one; otherwise the parts of a step go in name order. The demo's parts each name the
   * one before them, keeping the order the demo was always seeded in (tests/unit/seedOrder.test.ts).
   */
  after?: readonly string[];
  run(ctx: SeedContext): Promise<unknown>;
}

/** What a module's routes are given. */
export interface RouteContext {
  db: Kysely<Schema>;
  now?: () => Date;
  /** The definition files the server synced its definition versions from (which keys still have a file). */
  screensDir: string;
}

/** Every part is optional: a module declares only what it has. */
export interface ServerModule {
  /** The module's folder under server/ (a manifest elsewhere, or of another name, is refused when loaded). */
  name: string;
  /**
   * Modules whose hooks, actions and ledger listeners come before this one's (otherwise modules go in name order):
   * the bonuses read the tier a posting's upgrade has just given.
   */
  after?: readonly string[];
  /**
   * The migrations of the module's tables, by the name the database records (`0009_ledger`): every module's and the
   * platform's run together in name order (server/platform/migrations.ts), so a name is never reused and never renamed.
   */
  migrations?: Readonly<Record<string, Migration>>;
  /** What a first start seeds (roles and users, reference data; the demo's rows unless in production). */
  seed?: readonly SeedPart[];
  /** API actions that need nothing from the definitions. */
  actions?: readonly Action[];
  /** Actions built from the definitions (a wizard's Submit and its steps' checks). */
  catalogueActions?(catalogue: Catalogue): Action[];
  /** Actions that change a definition-built resource through the generic services (a view's own actions). */
  serviceActions?(services: ModuleServices): Action[];
  /** Hooks into the generic resource API, by resource name (server/platform/resources/hooks.ts). */
  hooks?(catalogue: Catalogue): HookRegistry;
  /** Background job types (run by server/platform/jobs/jobWorker.ts); some read the definitions. */
  jobHandlers?(catalogue: Catalogue): readonly JobHandler[];
  /** The job types a job thread runs (ownThread): the thread has the database only, no definitions. */
  threadJobHandlers?: readonly JobHandler[];
  /** Jobs wanted once a day. */
  schedules?: readonly DailySchedule[];
  /** What runs inside every ledger posting of the server's database (server/platform/core/ledgerListeners.ts). */
  ledgerListeners?: readonly LedgerListener[];
  /** The reports report pages may name, with the criteria and formats each takes (a definition's checks read them). */
  reportSignatures?(): ReportSignatures;
  /** Plain HTTP routes besides the API actions (files and images served by link). */
  routes?(app: FastifyInstance, context: RouteContext): void;
}

/** Declares a module; typed so that a part under a wrong name or of a wrong shape does not compile. */
export function defineServerModule(module: ServerModule): ServerModule {
  return module;
}

/** A module as loaded, with the file it came from (a job thread loads the same file). */
export interface LoadedModule {
  module: ServerModule;
  url: string;
}

const SERVER_DIR = dirname(dirname(fileURLToPath(import.meta.url)));

/** The manifest of each folder below server/ that has one, in path order. */
export async function manifestUrls(): Promise<string[]> {
  const urls: string[] = [];
  const visit = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true });
    const manifest = `${basename(dir)}Module.ts`;
    if (entries.some((entry) => entry.isFile() && entry.name === manifest)) urls.push(pathToFileURL(join(dir, manifest)).href);
    for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))) await visit(join(dir, entry.name));
  };
  await visit(SERVER_DIR);
  return urls;
}

/** Imports manifests (server/tierManagement/tiers/tiersModule.ts exports `tiersModule`), checking each names its own folder. */
export async function importModules(urls: readonly string[]): Promise<LoadedModule[]> {
  return Promise.all(
    urls.map(async (url) => {
      const folder = fileURLToPath(url).split(/[\\/]/).at(-2)!;
      const module = ((await import(url)) as Record<string, ServerModule | undefined>)[`${folder}Module`];
      if (!module || module.name !== folder) throw new Error(`${url} must export ${folder}Module = defineServerModule({ name: '${folder}', ... })`);
      return { module, url };
    }),
  );
}

/**
 * Name order, except that a module waits for those its `after` names (the first by name of those free to go, each
 * time): one order for every start, whatever order the file system lists the folders in.
 */
export function orderModules<T extends { module: ServerModule }>(loaded: readonly T[]): T[] {
  const names = new Set(loaded.map((l) => l.module.name));
  for (const { module } of loaded) {
    for (const before of module.after ?? []) if (!names.has(before)) throw new Error(`Server module ${module.name} comes after ${before}, which is no module`);
  }
  const waiting = [...loaded].sort((a, b) => (a.module.name < b.module.name ? -1 : a.module.name > b.module.name ? 1 : 0));
  const placed = new Set<string>();
  const ordered: T[] = [];
  while (waiting.length > 0) {
    const next = waiting.findIndex((l) => (l.module.after ?? []).every((before) => placed.has(before)));
    if (next < 0) throw new Error(`Server modules wait for each other: ${waiting.map((l) => l.module.name).join(', ')}`);
    const [entry] = waiting.splice(next, 1);
    placed.add(entry!.module.name);
    ordered.push(entry!);
  }
  return ordered;
}
