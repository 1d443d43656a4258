// The permission matrix's parts: a role's stored menus and functions, the matrix's columns and rows, and the
// whole catalogue the function codes come from.
import { useEffect, useState } from 'react';
import type { Catalogue } from '../../definition/catalogue';
import { ACTION_FUNCTIONS } from '../../definition/compile';
import { ACCESS_FUNCTION } from '../../definition/menuTree';
import { useEngine } from '../EngineContext';

export interface UserMenu {
  menucode: string;
  functions: { functioncode: string; grant: boolean }[];
}

/** The matrix's columns: ACCESS, then the standard actions; any other function shows under 'Other'. */
export const COLUMN_SUFFIXES = [...new Set([ACCESS_FUNCTION, ...Object.values(ACTION_FUNCTIONS)])];
export const suffixOf = (menucode: string, functioncode: string) => functioncode.slice(menucode.length + 1);
export const title = (suffix: string) => suffix.charAt(0) + suffix.slice(1).toLowerCase();

export interface MatrixRow {
  menucode: string;
  label: string;
  group: string;
  functions: string[];
}

/** The whole catalogue: the function codes come from every page's actions, so every page file loads (once). */
export function useWholeCatalogue(): Catalogue | undefined {
  const { definitions } = useEngine();
  const [catalogue, setCatalogue] = useState<Catalogue>();
  useEffect(() => {
    let current = true;
    void definitions.loadAll().then((loaded) => current && setCatalogue(loaded));
    return () => {
      current = false;
    };
  }, [definitions]);
  return catalogue;
}
