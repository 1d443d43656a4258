// The command lines of the benchmark scripts: each declares its flags and their defaults once, and gets them
// back typed and checked (numbers positive, lists within their choices); an unknown flag stops the run.
import { parseArgs } from 'node:util';

/** A flag: a positive number (rounded to a whole one by `round`), a text, a comma-separated list of choices, or a switch. */
export type Flag =
  | { type: 'number'; default: number; round?: 'ceil' | 'round' }
  | { type: 'string'; default?: string }
  | { type: 'list'; of: readonly string[]; default?: readonly string[]; /** What the refusal says it takes (default: the choices). */ takes?: string }
  | { type: 'boolean' };

type Value<F extends Flag> = F extends { type: 'number' }
  ? number
  : F extends { type: 'list'; of: readonly (infer C)[] }
    ? C[]
    : F extends { type: 'boolean' }
      ? boolean
      : F extends { default: string }
        ? string
        : string | undefined;

export type Flags<D extends Record<string, Flag>> = { [K in keyof D]: Value<D[K]> };

export function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got "${raw}"`);
  return value;
}

function valueOf(name: string, flag: Flag, raw: string | boolean | undefined): unknown {
  switch (flag.type) {
    case 'boolean':
      return raw === true;
    case 'string':
      return (raw as string | undefined) ?? flag.default;
    case 'list': {
      const list = raw === undefined ? [...(flag.default ?? flag.of)] : String(raw).split(',').map((s) => s.trim());
      for (const item of list) if (!flag.of.includes(item)) throw new Error(`--${name} takes ${flag.takes ?? flag.of.join(', ')}; got "${item}"`);
      return list;
    }
    case 'number': {
      const value = positive(name, raw as string | undefined, flag.default);
      return flag.round ? Math[flag.round](value) : value;
    }
  }
}

/** A load run's flags: the timed phase's length (`seconds` unless told) and its clients (50 unless told). */
export function loadFlags(seconds: number) {
  return { seconds: { type: 'number', default: seconds }, concurrency: { type: 'number', default: 50, round: 'ceil' } } as const;
}

/** The flags of this run (`args`, default the process's own), as `declaration` declares them. */
export function readFlags<const D extends Record<string, Flag>>(declaration: D, args?: string[]): Flags<D> {
  const options = Object.fromEntries(Object.entries(declaration).map(([name, flag]) => [name, { type: flag.type === 'boolean' ? ('boolean' as const) : ('string' as const) }]));
  const { values } = parseArgs({ options, ...(args ? { args } : {}) });
  return Object.fromEntries(Object.entries(declaration).map(([name, flag]) => [name, valueOf(name, flag, values[name])])) as Flags<D>;
}
