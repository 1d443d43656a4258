// Cross checks of a list screen's `tools` (engine/definition/screen.ts): unique keys, a registered view,
// and a function code the menu tree knows. Problems as '<file>: <json path>: <what>'.
import type { DefinitionFiles } from './definitionFiles';
import { pageFunctionSuffixes } from './compile';
import { flattenMenus, menuFunctionCodes } from './menuTree';
import { isListScreen } from './screen';
import { REGISTERED_VIEWS, isRegisteredView } from './views';

export function checkScreenTools(input: DefinitionFiles): string[] {
  const problems: string[] = [];
  const pageByMenu = new Map(input.screens.map((s) => [s.screen.menucode, s.screen]));
  const functionCodes = new Set(
    flattenMenus(input.tree).flatMap((menu) => {
      const page = pageByMenu.get(menu.menucode);
      return menuFunctionCodes(menu, page ? pageFunctionSuffixes(page) : []);
    }),
  );
  for (const { file, screen } of input.screens) {
    if (!isListScreen(screen) || !screen.tools) continue;
    const seen = new Set<string>();
    screen.tools.forEach((tool, t) => {
      const report = (path: string, problem: string) => problems.push(`${file}: tools[${t}]${path}: ${problem}`);
      if (seen.has(tool.key)) report('.key', `duplicate tool "${tool.key}"`);
      seen.add(tool.key);
      if (!isRegisteredView(tool.view)) report('.view', `unknown view "${tool.view}" (registered views: ${REGISTERED_VIEWS.join(', ')})`);
      if (tool.function && !functionCodes.has(tool.function)) report('.function', `unknown function code "${tool.function}" (not among the menu tree's function codes)`);
    });
  }
  return problems;
}
