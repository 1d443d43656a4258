// Two versions of a definition side by side, read-only, their differences marked (@codemirror/merge), loaded when
// the history first compares two.
import { json } from '@codemirror/lang-json';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';

const readOnly = [basicSetup, json(), EditorState.readOnly.of(true), EditorView.editable.of(false)];

export const createMergeView = (parent: HTMLElement, older: string, newer: string) =>
  new MergeView({ parent, a: { doc: older, extensions: readOnly }, b: { doc: newer, extensions: readOnly }, collapseUnchanged: { margin: 3 } });
