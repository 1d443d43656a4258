// The server's modules, found at start (server/platform/serverModule.ts) and put together: what every server gets from
// them (actions, hooks, listeners, routes) and what the job worker runs. No domain is named here.
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { ReportSignatures } from '../../engine/definition/checkReportPages';
import type { Action } from './core/action';
import { importModules, manifestUrls, orderModules, type LoadedModule, type ModuleServices, type RouteContext, type ServerModule } from './serverModule';
import type { DailySchedule, JobHandler } from './jobs/jobHandler';
import type { LedgerListener } from './core/ledgerListeners';
import { combineHooks, type HookRegistry } from './resources/hooks';

export class ServerModules {
  readonly list: readonly ServerModule[];

  constructor(private readonly loaded: readonly LoadedModule[]) {
    this.list = loaded.map((l) => l.module);
  }

  /** The actions that need nothing from the definitions. */
  actions(): Action[] {
    return this.list.flatMap((m) => m.actions ?? []);
  }

  catalogueActions(catalogue: Catalogue): Action[] {
    return this.list.flatMap((m) => m.catalogueActions?.(catalogue) ?? []);
  }

  serviceActions(services: ModuleServices): Action[] {
    return this.list.flatMap((m) => m.serviceActions?.(services) ?? []);
  }

  /** Every module's resource hooks as one registry (where two hook one resource, both run, in module order). */
  hooks(catalogue: Catalogue): HookRegistry {
    return combineHooks(...this.list.flatMap((m) => (m.hooks ? [m.hooks(catalogue)] : [])));
  }

  jobHandlers(catalogue: Catalogue): JobHandler[] {
    return this.list.flatMap((m) => m.jobHandlers?.(catalogue) ?? []);
  }

  /**
   * The job handlers of whatever catalogue `served` answers when a job runs: a job run after a Definition Studio
   * change reads the definitions served then, not those of the start (built again once per catalogue).
   */
  servedJobHandlers(served: () => Catalogue): JobHandler[] {
    const build = (catalogue: Catalogue) => ({ catalogue, byType: new Map(this.jobHandlers(catalogue).map((h) => [h.jobtype, h])) });
    let built = build(served());
    const current = (jobtype: string): JobHandler => {
      const catalogue = served();
      if (built.catalogue !== catalogue) built = build(catalogue);
      return built.byType.get(jobtype)!;
    };
    return [...built.byType.values()].map((handler) => ({ ...handler, run: (context) => current(handler.jobtype).run(context) }));
  }

  schedules(): DailySchedule[] {
    return this.list.flatMap((m) => m.schedules ?? []);
  }

  ledgerListeners(): LedgerListener[] {
    return this.list.flatMap((m) => m.ledgerListeners ?? []);
  }

  /** Every module's reports, by name (what report pages may name). */
  reportSignatures(): ReportSignatures {
    return Object.assign({}, ...this.list.map((m) => m.reportSignatures?.() ?? {})) as ReportSignatures;
  }

  /** Each module's plain HTTP routes on `app`. */
  routes(app: FastifyInstance, context: RouteContext): void {
    for (const m of this.list) m.routes?.(app, context);
  }

  /** The manifests a job thread loads to find its handlers (only those that have any). */
  threadManifests(): string[] {
    return this.loaded.filter((l) => l.module.threadJobHandlers?.length).map((l) => l.url);
  }
}

let loading: Promise<ServerModules> | undefined;

/** Every module of server/, loaded once a process. */
export function serverModules(): Promise<ServerModules> {
  loading ??= manifestUrls().then(importModules).then((loaded) => new ServerModules(orderModules(loaded)));
  return loading;
}
