// The Definition Studio's part in maker-checker: how a publish or rollback request is shown on the approval pages
// (the whole texts as one change compared line by line) and applied (the definition's next version, activated in
// the decision's transaction and served by this server once it commits).
import type { ScreenDefinition } from '../../../engine/definition/screen';
import { STUDIO_ACTIONS, type StudioAction } from '../../../engine/definition/studio';
import type { ApprovalApplier, ApprovalRegistry } from '../approvals/approvalRegistry';
import type { ApprovalRequest } from '../approvals/approvalStore';
import { joinedTransaction } from '../approvals/approvalHooks';
import type { DefinitionServices } from '../serverModule';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import { activeVersion } from './definitionStudioStore';

/** What the approval requests of the studio stand for: a definition's versions. */
export const STUDIO_RESOURCE = 'definition_version';

/** What a request carries to apply: the text, the maker's reason, the version it was made from (and a rollback's version). */
export interface StudioRequestData {
  key: string;
  text: string;
  reason: string;
  basedon: number;
  version?: number;
}

/** The approval pages show a request as this screen's one field: the definition's text now and as proposed. */
const changeScreen = (menucode: string, title: string): ScreenDefinition => ({
  schemaVersion: 1,
  menucode,
  title,
  resource: { name: STUDIO_RESOURCE, table: STUDIO_RESOURCE, key: ['definitionkey'] },
  fields: [{ name: 'content', label: 'Definition', format: 'json' }],
  actions: [],
});

const LEGEND: Record<StudioAction, string> = { publish: LEGENDS.PUBLISH, rollback: LEGENDS.ROLLBACK };

function studioApplier(menucode: string, title: string, action: StudioAction, definitions: DefinitionServices): ApprovalApplier {
  return {
    screen: changeScreen(menucode, title),
    async current(db, request: ApprovalRequest) {
      const active = await activeVersion(db, (request.data as unknown as StudioRequestData).key);
      return active ? { content: active.content } : null;
    },
    async apply(ctx, trx, request) {
      const { key, text, reason, basedon } = request.data as unknown as StudioRequestData;
      const checker = ctx.user!.username;
      // Refused (RECORD_CHANGED) when another version was activated since the request; checked again as the definitions are now.
      const [row] = await definitions.activate(joinedTransaction(trx), [{ key, text, by: request.requestedby, reason, approvedby: checker, basedon }]);
      const before = { version: basedon, text: request.before?.content };
      await writeUserLog(trx, { username: checker, module: menucode, legend: LEGEND[action], recordkey: key, before, after: { version: row!.version, text }, ip: ctx.ip }, ctx.now());
    },
    // SQLite has one connection: the new definitions are built once the decision has committed, never inside it.
    applied: () => definitions.reload(),
  };
}

/** The appliers of the studio's publish and rollback requests. */
export function registerStudioApprovals(registry: ApprovalRegistry, menucode: string, title: string, definitions: DefinitionServices): void {
  for (const action of Object.keys(STUDIO_ACTIONS) as StudioAction[]) registry.register(menucode, action, studioApplier(menucode, title, action, definitions));
}
