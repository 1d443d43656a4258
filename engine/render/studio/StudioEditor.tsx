// The definition's JSON in CodeMirror (engine/render/studio/jsonEditor.ts), against its schema: started again from
// `start` when another text is opened, telling each change, showing the problems at their places.
import { useEffect, useRef, useState } from 'react';
import type { EditorView } from '@codemirror/view';
import type { TextProblem } from '../../definition/definitionPlaces';
import type { SchemaNode } from '../../definition/schemaNavigator';
import type { DefinitionSchemaName } from '../../definition/studio';
import { createEditor, SCHEMAS, showProblems } from './jsonEditor';
import type { EditorStart } from './useStudioController';

interface StudioEditorProps {
  start: EditorStart;
  schema: DefinitionSchemaName;
  diagnostics: TextProblem[];
  onChange(text: string): void;
}

export function StudioEditor({ start, schema, diagnostics, onChange }: StudioEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView>();
  const [loaded, setLoaded] = useState<{ name: DefinitionSchemaName; schema: SchemaNode }>();
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    let live = true;
    void SCHEMAS[schema]().then((node) => live && setLoaded({ name: schema, schema: node }));
    return () => void (live = false);
  }, [schema]);

  useEffect(() => {
    if (!host.current || loaded?.name !== schema) return;
    const editor = createEditor(host.current, start.text, loaded.schema, (text) => change.current(text));
    setView(editor);
    return () => editor.destroy();
  }, [start, loaded, schema]);

  useEffect(() => {
    if (view) showProblems(view, diagnostics);
  }, [view, diagnostics]);

  return <div ref={host} className="studio-editor" data-testid="studio-editor" />;
}
