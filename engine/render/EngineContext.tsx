// What the rendered screens need from the app: the API client, the caller's grants, and the catalogue.
import { createContext, useContext } from 'react';
import type { ApiCall } from '../api/client';
import type { Catalogue } from '../definition/catalogue';

export interface EngineServices {
  call: ApiCall;
  /** Whether the signed-in user's role grants a function code (e.g. COUNTRY_UPDATE). */
  can(functioncode: string): boolean;
  catalogue: Catalogue;
}

export const EngineContext = createContext<EngineServices | undefined>(undefined);

export function useEngine(): EngineServices {
  const services = useContext(EngineContext);
  if (!services) throw new Error('useEngine needs an <EngineContext.Provider>');
  return services;
}
