// Cross checks of bulk files and bulk row actions (engine/definition/bulk.ts): `upload` only on a screen with
// a create form of stored fields and no approval of creates; each `bulk` entry an action of the screen that
// can run in bulk; no custom action named like a bulk path. Problems as '<file>: <json path>: <what>'.
import { bulkProblem, uploadFields } from './bulk';
import { isCustomAction } from './compile';
import { isListScreen, type PageDefinition } from './screen';

export function checkBulk(files: readonly { file: string; screen: PageDefinition }[]): string[] {
  const problems: string[] = [];
  for (const { file, screen } of files) {
    if (!isListScreen(screen)) continue;
    const report = (path: string, problem: string) => problems.push(`${file}: ${path}: ${problem}`);
    const uploadAt = screen.actions.indexOf('upload');
    if (uploadAt >= 0) {
      const at = `actions[${uploadAt}]`;
      // A file that is not records of the list (an activity file) is taken by its server module; the note says what it holds.
      if (uploadFields(screen).length === 0 && !screen.options?.uploadNote) report(at, `"upload" needs a create form (no field of the screen has "form") or an "uploadNote" saying what the file holds`);
      if (screen.fields.some((f) => f.stored === false && f.form)) report(at, `"upload" writes table columns only: the form's "stored": false fields cannot come from a file`);
      if (screen.approval?.actions.includes('create')) report(at, `"upload" cannot be used where "create" needs approval: each record is requested on its own`);
    }
    (screen.bulk ?? []).forEach((name, i) => {
      const problem = bulkProblem(screen, name);
      if (problem) report(`bulk[${i}]`, problem);
    });
    screen.actions.forEach((action, a) => {
      if (isCustomAction(action) && action.name.startsWith('bulk-')) report(`actions[${a}].name`, `"${action.name}": names starting with "bulk-" are the bulk actions' paths`);
    });
  }
  return problems;
}
