// Column widths that fit a table into the width it has: the declared widths are kept while they fit; past
// that they shrink in proportion, leaving every column without a width at least `least` pixels.

/** A column without a declared width gets at least this much of the table. */
export const LEAST_COLUMN_WIDTH = 72;

/** The widths to draw: the declared ones, scaled down when they and the others' least widths exceed `room`. */
export function fitWidths(declared: readonly (number | undefined)[], room: number, least = LEAST_COLUMN_WIDTH): (number | undefined)[] {
  const fixed = declared.reduce<number>((sum, width) => sum + (width ?? 0), 0);
  const free = declared.filter((width) => width === undefined).length * least;
  if (fixed === 0 || fixed + free <= room) return [...declared];
  // Columns that would fall below the least width keep it; the others share the rest in proportion.
  const clamped = new Set<number>();
  for (;;) {
    const scalable = declared.reduce<number>((sum, width, i) => sum + (width !== undefined && !clamped.has(i) ? width : 0), 0);
    const scale = scalable === 0 ? 0 : Math.max(0, room - free - clamped.size * least) / scalable;
    const below = declared.findIndex((width, i) => width !== undefined && !clamped.has(i) && width * scale < least);
    if (below < 0) return declared.map((width, i) => (width === undefined ? undefined : clamped.has(i) ? least : Math.floor(width * scale)));
    clamped.add(below);
  }
}
