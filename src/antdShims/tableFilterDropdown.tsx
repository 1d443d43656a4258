// Stands in for antd's table column-filter dropdown (vite.config.ts swaps it in for the build): the engine filters
// with its search forms, never with column filters, and the dropdown would bring antd's Tree (15 KiB gzip with its
// own code) into every list screen. A column that declares `filters` shows its plain title.
import type { ReactNode } from 'react';

interface FilterOption {
  value: unknown;
  children?: FilterOption[];
}

/** The values of a filter tree, as antd's table expects them from this module. */
export function flattenKeys(filters: FilterOption[] | undefined): unknown[] {
  return (filters ?? []).flatMap(({ value, children }) => [value, ...flattenKeys(children)]);
}

export default function FilterDropdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
