// Every route an app serves, as Fastify registers it (its onRoute hook): the API reference lists them all,
// the actions' POSTs and the plain GET routes and files the app and its modules add.
import type { FastifyInstance } from 'fastify';

export interface ServedRoute {
  method: string;
  url: string;
  /** What the route tells the API reference, as its Fastify `config.reference`. */
  reference?: RouteReference;
}

/** What a plain route may tell the reference. */
export interface RouteReference {
  summary?: string;
  description?: string;
  /** 'session': the route reads the caller's bearer token. */
  guard?: 'public' | 'session';
  /** The answer's media type (default: any). */
  produces?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes registered so far, in order (HEAD routes Fastify adds beside each GET included). */
    servedRoutes: readonly ServedRoute[];
  }
}

/** Starts recording the app's routes: called before any route is added. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: ServedRoute[] = [];
  app.decorate('servedRoutes', routes);
  app.addHook('onRoute', (route) => {
    const reference = (route.config as { reference?: RouteReference } | undefined)?.reference;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, ...(reference ? { reference } : {}) });
  });
}
