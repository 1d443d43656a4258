// Writes a definition's JSON in the layout of its earlier text, so a migrated file reads as it did and only what
// changed moves: every value the change left alone keeps its text as written; a changed object or array stays on one
// line or spread over several as it was; a new one is on one line when it fits, as the files write short objects and
// lists. Two-space indent. Pure: scripts and the server use it alike.

/** The widest line a new object or array is written on before it spreads (the files' longest lines). */
const LINE_WIDTH = 160;

/** A member's address inside the JSON, as a JSON Pointer ('/fields/3/column'). */
const pointer = (path: string, key: string) => `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Each value of a JSON text as written, by its JSON Pointer. */
function writtenValues(text: string): Map<string, string> {
  const written = new Map<string, string>();
  let at = 0;
  const space = () => {
    while (at < text.length && ' \t\r\n'.includes(text[at]!)) at++;
  };
  const string = (): string => {
    const start = at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    return JSON.parse(text.slice(start, ++at)) as string;
  };
  const value = (path: string): void => {
    space();
    const start = at;
    const open = text[at];
    if (open === '"') string();
    else if (open !== '{' && open !== '[') while (at < text.length && !' \t\r\n,]}'.includes(text[at]!)) at++;
    else members(path, open);
    written.set(path, text.slice(start, at));
  };
  const members = (path: string, open: '{' | '['): void => {
    at++;
    const close = open === '{' ? '}' : ']';
    for (let index = 0; (space(), at < text.length && text[at] !== close); index++) {
      if (open === '{') {
        const key = string();
        space();
        at++; // the ':'
        value(pointer(path, key));
      } else value(pointer(path, String(index)));
      space();
      if (text[at] === ',') at++;
    }
    at++;
  };
  value('');
  return written;
}

/**
 * `value` as JSON text laid out as `like` was (the text it was read from); without `like`, short objects and lists
 * on one line. Ends with a newline when `like` did (always without it).
 */
export function definitionText(value: unknown, like?: string): string {
  const written = like === undefined ? new Map<string, string>() : writtenValues(like);
  const write = (node: unknown, path: string, indent: string, lead: number): string => {
    const was = written.get(path);
    if (was !== undefined && JSON.stringify(JSON.parse(was)) === JSON.stringify(node)) return was;
    if (node === null || typeof node !== 'object') return JSON.stringify(node);
    const list = Array.isArray(node);
    const entries: [string, unknown][] = list ? node.map((item, i) => [String(i), item]) : Object.entries(node).filter(([, v]) => v !== undefined);
    const [open, close] = list ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) return open + close;
    const member = ([key, item]: [string, unknown], inner: string) => {
      const name = list ? '' : `${JSON.stringify(key)}: `;
      return name + write(item, pointer(path, key), inner, inner.length + name.length);
    };
    // The whole definition always spreads, as every file does.
    const wasSpread = path === '' || was?.includes('\n');
    if (wasSpread !== true) {
      const line = list ? `[${entries.map((e) => member(e, indent)).join(', ')}]` : `{ ${entries.map((e) => member(e, indent)).join(', ')} }`;
      if (wasSpread === false || (!line.includes('\n') && lead + line.length < LINE_WIDTH)) return line;
    }
    const inner = `${indent}  `;
    return `${open}\n${entries.map((e) => inner + member(e, inner)).join(',\n')}\n${indent}${close}`;
  };
  return write(value, '', '', 0) + (like === undefined || like.endsWith('\n') ? '\n' : '');
}
