// Cross checks of bulk files and bulk row actions (engine/definition/bulk.ts): `upload` only on a screen with
// a create form of stored fields and no approval of creates; each `bulk` entry an action of the screen that
// can run in bulk; no custom action named like a bulk path; an uploadNote only with an upload; a download
// action served by the server (no `set`); a secret revealed at create only where a create answers at once; a refresh on a field of the screen and its values. Problems as
// '<file>: <json path>: <what>'.
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
    if (screen.options?.uploadNote && uploadAt < 0) report('options.uploadNote', 'an upload note needs the "upload" action');
    if (screen.options?.revealOnCreate && (!screen.actions.includes('create') || screen.approval?.actions.includes('create'))) {
      report('options.revealOnCreate', 'a secret shown at create needs the "create" action, answered at once (not through approval)');
    }
    screen.actions.forEach((action, a) => {
      if (isCustomAction(action) && action.download && action.set) report(`actions[${a}].download`, `"${action.name}": a download is served by the server (its answer is the file): it cannot "set" values`);
      if (isCustomAction(action) && action.open && (action.set || action.download)) report(`actions[${a}].open`, `"${action.name}": an action that opens its answer's path is served by the server: it cannot "set" values or be a download`);
      if (isCustomAction(action) && action.reveal && (action.set || action.download || action.open)) report(`actions[${a}].reveal`, `"${action.name}": an action that reveals a secret is served by the server (its answer is the secret): it cannot "set" values, download or open`);
    });
    const refresh = screen.options?.refreshWhile;
    if (refresh) {
      const field = screen.fields.find((f) => f.name === refresh.field);
      if (!field) report('options.refreshWhile.field', `"${refresh.field}" is not a field of the screen`);
      else if (!field.column) report('options.refreshWhile.field', `"${refresh.field}" is not a column: the table must hold the value it refreshes on`);
      const options = field?.options?.map((o) => String(o.value));
      for (const value of refresh.values) if (options && !options.includes(value)) report('options.refreshWhile.values', `"${value}" is not an option of "${refresh.field}"`);
    }
  }
  return problems;
}
