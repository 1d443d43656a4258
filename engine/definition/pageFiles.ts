// Where each menu's definition file lives: screens/<group>/<name>.json, <group> the key of the innermost
// menu group holding the menu ('top-level' for the menus of the top bar), <name> the last segment of the
// menu's path ('/' takes the menu code in lower case: dashboard.json). The validator enforces it, and the
// browser finds a page's file from its menu by it, so the file list itself says which menus have a page.
import { isMenuGroup, type MenuNode, type MenuTree } from './menuTree';

/** The folder of the page files of menus outside any group (Dashboard, Voucher Verification, Profile). */
export const TOP_LEVEL_FOLDER = 'top-level';

export interface PageFile {
  folder: string;
  name: string;
  /** '<folder>/<name>', relative to screens/. */
  path: string;
}

/** The page file of a menu with this path and menu code, in this folder. */
export function pageFileOf(folder: string, path: string, menucode: string): PageFile {
  const segment = path.split('/').filter(Boolean).at(-1);
  const name = `${segment ?? menucode.toLowerCase()}.json`;
  return { folder, name, path: `${folder}/${name}` };
}

/** A hidden menu without a path (a child table's screen) names its file by its label: 'Partner Group Member' -> partner-group-member. */
const labelSegment = (label: string) => `/${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/** Menu code -> its page file, for every menu (the first menu of a code counts). */
export function menuPageFiles(tree: MenuTree): Map<string, PageFile> {
  const files = new Map<string, PageFile>();
  const visit = (nodes: MenuNode[], folder: string) => {
    for (const node of nodes) {
      if (isMenuGroup(node)) visit(node.children, node.key);
      else if (!files.has(node.menucode)) files.set(node.menucode, pageFileOf(folder, node.path ?? labelSegment(node.label), node.menucode));
    }
  };
  visit(tree.items, TOP_LEVEL_FOLDER);
  return files;
}

/** The file name of a child-only screen (`childOf`, no menu): its menu code in lower case, in its parent's folder. */
export const childPageFileName = (menucode: string) => `${menucode.toLowerCase()}.json`;
