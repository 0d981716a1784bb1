import { createContext, useContext, type ReactNode } from 'react';
import { routeById, type RouteSpec } from '@city/shared/contracts';

const RouteContext = createContext<RouteSpec | null>(null);

/** Gives a page its manifest entry (its title, guard...): one page component may serve several routes. */
export function RouteScope({ route, children }: { route: RouteSpec; children: ReactNode }) {
  return <RouteContext.Provider value={route}>{children}</RouteContext.Provider>;
}

/** The manifest entry of the route being rendered (the not-found one outside a RouteScope). */
export function useRouteSpec(): RouteSpec {
  return useContext(RouteContext) ?? routeById('not-found');
}
