import { match, routes, type RouteName } from './router';

export type RuntimeConfig = { apiBaseUrl: string; locale: string };

export function readConfig(env: Record<string, string | undefined>): RuntimeConfig {
  const apiBaseUrl = env.VITE_API_BASE_URL;
  if (!apiBaseUrl) {
    throw new Error('VITE_API_BASE_URL is not set');
  }
  return { apiBaseUrl, locale: env.VITE_LOCALE ?? navigator.language };
}

export async function mount(root: HTMLElement, config: RuntimeConfig): Promise<void> {
  const name: RouteName = match(window.location.pathname) ?? 'dashboard';
  const view = await routes[name].view();
  root.dataset.route = name;
  root.dataset.locale = config.locale;
  console.debug('mounted', name, view);
}

const root = document.getElementById('app');
if (root) {
  void mount(root, readConfig(import.meta.env));
}
