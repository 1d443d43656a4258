// What the resource actions and the domain actions built on them share: the catalogue, the database's dialect,
// the list counts' cache, the domain hooks and the approvals.
import type { Catalogue } from '../../engine/definition/catalogue';
import type { ScreenDefinition } from '../../engine/definition/screen';
import type { ApprovalRegistry } from '../approvals/approvalRegistry';
import type { Action } from '../core/action';
import type { DialectName } from '../db/database';
import type { CountCache } from './countCache';
import type { HookRegistry } from './hooks';

export interface ResourceServices {
  catalogue: Catalogue;
  dialect: DialectName;
  counts: CountCache;
  /** Domain hooks by resource name (server/resources/hooks.ts). */
  hooks?: HookRegistry;
  /** Maker-checker: turns the screen's writes that need approval into requests (server/approvals/approvalHooks.ts). */
  approvalGate?: (screen: ScreenDefinition, actions: Action[]) => Action[];
  /** The approval appliers and decision listeners, for domain actions that request or follow approvals. */
  approvals?: ApprovalRegistry;
}
