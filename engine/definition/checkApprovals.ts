// Cross checks of maker-checker definitions: approval pages name menus of the tree, a screen's approval
// actions are writes it has, and some approval page lists each of them. Problems as '<file>: <json path>: <what>'.
import { APPROVABLE_ACTIONS, approvalResourceName, isApprovalPage, pageCovers } from './approvals';
import { isCustomAction } from './compile';
import { flattenMenus, type MenuTree } from './menuTree';
import { isListScreen, type PageDefinition } from './screen';

export function checkApprovals(files: { file: string; screen: PageDefinition }[], tree: MenuTree, treeFile: string): string[] {
  const problems: string[] = [];
  const menus = flattenMenus(tree);
  const menuCodes = new Set(menus.map((m) => m.menucode));
  const pages = files.flatMap(({ file, screen }) => (isApprovalPage(screen) ? [{ file, page: screen }] : []));
  const resourceFile = new Map(files.flatMap(({ file, screen }) => (isListScreen(screen) ? [[screen.resource.name, file] as const] : [])));

  for (const { file, page } of pages) {
    (page.menus ?? []).forEach((menu, i) => {
      if (!menuCodes.has(menu)) problems.push(`${file}: menus[${i}]: menu "${menu}" is not in the menu tree (${treeFile})`);
    });
    const group = approvalResourceName(page, { menus });
    const other = resourceFile.get(group);
    if (other) problems.push(`${file}: menucode: the page's API group "${group}" (its menu path) is also the resource of ${other}`);
  }

  for (const { file, screen } of files) {
    if (!isListScreen(screen) || !screen.approval) continue;
    screen.approval.actions.forEach((name, i) => {
      const at = `${file}: approval.actions[${i}]`;
      const custom = screen.actions.filter(isCustomAction).find((a) => a.name === name);
      const standard = (APPROVABLE_ACTIONS as readonly string[]).includes(name) && (screen.actions as unknown[]).includes(name);
      if (custom && !custom.set) {
        problems.push(`${at}: "${name}" is served by domain code (no "set"): that code asks for approval itself`);
        return;
      }
      if (!custom && !standard) {
        const has = (screen.actions as unknown[]).includes(name);
        problems.push(
          has
            ? `${at}: "${name}" changes no record: only ${APPROVABLE_ACTIONS.join(', ')} or a custom action with "set" can wait for approval`
            : `${at}: "${name}" is not an action of this screen`,
        );
        return;
      }
      const subject = { menucode: screen.menucode, action: name };
      if (!pages.some(({ page }) => pageCovers(page, subject))) {
        problems.push(`${at}: no approval page lists ${screen.menucode} "${name}" requests (a page with "menus": ["${screen.menucode}"], or My Approval)`);
      }
    });
  }
  return problems;
}
