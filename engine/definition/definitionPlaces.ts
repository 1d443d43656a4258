// A definition's JSON text as the studio's editor handles it: parsed (with its syntax errors at their offsets), the
// place a JSON Pointer names in it (a check's problem shown where it is), and where the cursor is (completion, hover).
import { findNodeAtLocation, getLocation, parse, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { JsonPath } from './schemaNavigator';
import type { StudioProblem } from './studio';

export interface TextRange {
  from: number;
  to: number;
}

export interface TextProblem extends TextRange {
  message: string;
}

const PARSE_OPTIONS = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/** 'CloseBraceExpected' -> 'Close brace expected'. */
const sentence = (code: string) => code.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** The text's value, or its JSON syntax errors where they are (a text with errors has no value). */
export function parseDefinition(text: string): { value: unknown; errors: TextProblem[] } {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, PARSE_OPTIONS);
  const problems = errors.map((error) => ({ from: error.offset, to: error.offset + Math.max(error.length, 1), message: `JSON: ${sentence(printParseErrorCode(error.error))}` }));
  return { value: problems.length > 0 ? undefined : value, errors: problems };
}

/** As much of the value as a text being typed has (for deciding which schema applies where). */
export const partialValue = (text: string): unknown => parse(text, [], PARSE_OPTIONS);

/** '/fields/2/source' -> ['fields', 2, 'source'] (~1 and ~0 unescaped). */
export const pointerPath = (pointer: string): JsonPath =>
  pointer === '' ? [] : pointer.slice(1).split('/').map((part) => (/^(0|[1-9]\d*)$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));

/** A node's range; a property's object or array value is marked by its key only (not the whole block). */
function nodeRange(node: Node): TextRange {
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  if (property && (node.type === 'object' || node.type === 'array')) {
    const key = property.children![0]!;
    return { from: key.offset, to: key.offset + key.length };
  }
  const whole = property ?? node;
  return { from: whole.offset, to: whole.offset + whole.length };
}

/** Where a JSON Pointer is in the text: its node, or its nearest ancestor the text has; none for '' or a broken text. */
export function pointerRange(tree: Node | undefined, pointer: string): TextRange | undefined {
  if (!tree || pointer === '') return undefined;
  const path = pointerPath(pointer);
  for (let length = path.length; length > 0; length--) {
    const node = findNodeAtLocation(tree, path.slice(0, length));
    if (node) return nodeRange(node);
  }
  return undefined;
}

/** A check's problems: those of this text with a path, at their place; the others (another definition's, or the whole text's) apart. */
export function placeProblems(text: string, problems: StudioProblem[]): { placed: TextProblem[]; elsewhere: StudioProblem[] } {
  const tree = parseTree(text, [], PARSE_OPTIONS);
  const placed: TextProblem[] = [];
  const elsewhere: StudioProblem[] = [];
  for (const problem of problems) {
    const range = problem.key ? undefined : pointerRange(tree, problem.path);
    if (range) placed.push({ ...range, message: problem.message });
    else elsewhere.push(problem);
  }
  return { placed, elsewhere };
}

/** Where an offset is: the path of the key or value there, and whether it is a key being typed. */
export function locationAt(text: string, offset: number): { path: JsonPath; atKey: boolean } {
  const location = getLocation(text, offset);
  return { path: location.path, atKey: location.isAtPropertyKey };
}
