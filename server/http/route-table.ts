import type { FastifyInstance, HTTPMethods } from 'fastify';

export type RouteTableEntry = { method: HTTPMethods; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, one entry per method, in the order they were added. */
    routeTable: readonly RouteTableEntry[];
  }
}

/** Records routes as they are added; call it before any route is registered. */
export function recordRouteTable(app: FastifyInstance) {
  const table: RouteTableEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url });
  });
}
