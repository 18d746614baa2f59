/** The package version, injected by esbuild at build time (`define`), for every command. */
declare const HOLARYN_VERSION: string | undefined;
export const VERSION = typeof HOLARYN_VERSION === 'string' ? HOLARYN_VERSION : '0.0.0-dev';
