// What the resource actions and the domain actions built on them share: the catalogue, the database's dialect,
// the list counts' cache, the domain hooks and the approval gate (the approvals themselves are the modules': server/platform/serverModule.ts).
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import type { Action } from '../core/action';
import type { DialectName } from '../db/database';
import type { CountCache } from './countCache';
import type { HookRegistry } from './hooks';

export interface ResourceServices {
  catalogue: Catalogue;
  dialect: DialectName;
  counts: CountCache;
  /** Domain hooks by resource name (server/platform/resources/hooks.ts). */
  hooks?: HookRegistry;
  /** Maker-checker: turns the screen's writes that need approval into requests (server/platform/approvals/approvalHooks.ts). */
  approvalGate?: (screen: ScreenDefinition, actions: Action[]) => Action[];
}
