export type Permission = 'invoices:read' | 'invoices:write';

export type Route = {
  path: string;
  view: () => Promise<unknown>;
  permission: Permission;
};

export const routes = {
  dashboard: { path: '/', view: () => import('./views/Dashboard'), permission: 'invoices:read' },
  invoices: { path: '/invoices', view: () => import('./views/InvoiceList'), permission: 'invoices:read' },
} satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

export function hrefFor(name: RouteName): string {
  return routes[name].path;
}

export function match(pathname: string): RouteName | undefined {
  const entry = Object.entries(routes).find(([, route]) => route.path === pathname);
  return entry?.[0] as RouteName | undefined;
}
