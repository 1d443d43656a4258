// Every menu function code the product knows, derived from the menu tree (and, later, the screen definitions).
import menuTreeJson from '../../screens/menu-tree.json';
import { flattenMenus, menuFunctionCodes, type MenuTree } from '../../engine/definition/menuTree';

export interface MenuFunction {
  menucode: string;
  functioncode: string;
}

export function functionCatalogue(tree: MenuTree = menuTreeJson as MenuTree): MenuFunction[] {
  return flattenMenus(tree).flatMap((menu) =>
    menuFunctionCodes(menu).map((functioncode) => ({ menucode: menu.menucode, functioncode })),
  );
}
