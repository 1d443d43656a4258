// The studio's CodeMirror 6 editor of a definition's JSON: the JSON language, keys and enum values completed from the
// definition's JSON Schema (engine/definition/schemaNavigator.ts), the schema's descriptions on hover, and the
// problems (syntax, the server's checks) as diagnostics. Loaded with the studio page only.
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorView, hoverTooltip } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { locationAt, partialValue, type TextProblem } from '../../definition/definitionPlaces';
import { describeAt, keysAt, valueAt, valuesAt, type SchemaNode } from '../../definition/schemaNavigator';
import type { DefinitionSchemaName } from '../../definition/studio';

/** Each definition schema, loaded with the first definition written against it. */
export const SCHEMAS: Record<DefinitionSchemaName, () => Promise<SchemaNode>> = {
  screen: () => import('../../definition/screen.schema.json').then((m) => m.default as unknown as SchemaNode),
  'menu-tree': () => import('../../definition/menu-tree.schema.json').then((m) => m.default as unknown as SchemaNode),
  selectors: () => import('../../definition/selectors.schema.json').then((m) => m.default as unknown as SchemaNode),
};

/** Completes the key or the value typed at the cursor from the schemas that apply there. */
function schemaCompletion(schema: SchemaNode) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/"?[^"\s{},:[\]]*/);

    if (!word || (word.from === word.to && !context.explicit)) return null;
    const text = context.state.doc.toString();
    const { path, atKey } = locationAt(text, context.pos);
    const document = partialValue(text);
    // The options are matched against what is typed, its opening quote too (so their labels have quotes); the
    // editor closes the quote it opens: the completion takes it too.
    const to = text[context.pos] === '"' && word.text.startsWith('"') ? context.pos + 1 : context.pos;
    if (atKey) {
      const present = new Set(Object.keys((valueAt(document, path.slice(0, -1)) ?? {}) as object));
      const keys = keysAt(schema, document, path.slice(0, -1)).filter((key) => !present.has(key.name));
      return { from: word.from, to, options: keys.map((key) => ({ label: `"${key.name}"`, displayLabel: key.name, apply: `"${key.name}": `, type: 'property', info: key.description })) };
    }
    const values = valuesAt(schema, document, path);
    if (values.length === 0) return null;
    return { from: word.from, to, options: values.map((value) => ({ label: JSON.stringify(value), type: 'enum' })) };
  };
}

/** The schema's description of the key or value under the pointer. */
const schemaHover = (schema: SchemaNode) =>
  hoverTooltip((view, pos) => {
    const text = view.state.doc.toString();
    const { path } = locationAt(text, pos);
    const description = path.length > 0 ? describeAt(schema, partialValue(text), path) : undefined;
    if (!description) return null;
    return {
      pos,
      create: () => {
        const dom = Object.assign(document.createElement('div'), { className: 'studio-hover', textContent: description });
        return { dom };
      },
    };
  });

/** An editor in `parent` with `text`, telling each change of the text. */
export function createEditor(parent: HTMLElement, text: string, schema: SchemaNode, onChange: (text: string) => void): EditorView {
  return new EditorView({
    parent,
    doc: text,
    extensions: [
      basicSetup,
      json(),
      autocompletion({ override: [schemaCompletion(schema)] }),
      schemaHover(schema),
      lintGutter(),
      EditorView.updateListener.of((update) => update.docChanged && onChange(update.state.doc.toString())),
    ],
  });
}

/** Shows the problems as the editor's diagnostics (errors), within the text it holds. */
export function showProblems(view: EditorView, problems: TextProblem[]) {
  const length = view.state.doc.length;
  const diagnostics = problems.map((problem) => ({
    from: Math.min(problem.from, length),
    to: Math.min(Math.max(problem.to, problem.from), length),
    severity: 'error' as const,
    message: problem.message,
  }));
  view.dispatch(setDiagnostics(view.state, diagnostics));
}
