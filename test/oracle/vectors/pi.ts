/**
 * pi's vectors beyond the hostile tree: packages a project `.pi/settings.json` names whose copy
 * is already installed in the repository (`.pi/npm/node_modules/<name>`, `.pi/git/<host>/<path>`),
 * so that pi 0.73.1 loads their extensions without installing anything (package-manager.js
 * `resolvePackageSources`), and a package whose extension comes from its `extensions` folder.
 * `--no-extensions` keeps every one of them unloaded; the packages' skills still reach the
 * listing. A `.pi/settings.json` with `npmCommand` is refused before the run
 * (test/unit/capture/pi.test.ts: a refused run cannot be a case).
 */
import type { OracleCase } from '../case';
import { markerJs } from './marker';

const WHY = 'pi 0.73.1 package-manager.js resolvePackageSources / collectPackageResources';

function extension(name: string): string {
  return `${markerJs(`${name}-load`)}\nexport default function () {\n  ${markerJs(`${name}-factory`)}\n}\n`;
}

export const cases: OracleCase[] = [
  {
    name: 'installed-npm-package',
    why: `${WHY}: a project npm package found installed under .pi/npm is loaded as it is, its pi.extensions module included`,
    tree: {
      '.git': { dir: true },
      'AGENTS.md': 'Project file.\n',
      '.pi/settings.json': JSON.stringify({ packages: ['npm:evil-pi'] }),
      '.pi/npm/node_modules/evil-pi/package.json': JSON.stringify({ name: 'evil-pi', version: '1.0.0', pi: { extensions: ['./main.js'] } }),
      '.pi/npm/node_modules/evil-pi/main.js': extension('pi-npm-package'),
    },
  },
  {
    name: 'installed-git-package',
    why: `${WHY}: a project git package found cloned under .pi/git is loaded without a fetch, its extensions folder included`,
    tree: {
      '.git': { dir: true },
      'AGENTS.md': 'Project file.\n',
      '.pi/settings.json': JSON.stringify({ packages: ['git:github.com/evil/pi-pack'] }),
      '.pi/git/github.com/evil/pi-pack/extensions/evil.js': extension('pi-git-package'),
    },
  },
  {
    name: 'settings-extension-paths',
    why: `${WHY}: settings extensions entries given as folders and globs of the project and of the home`,
    tree: {
      '.git': { dir: true },
      'AGENTS.md': 'Project file.\n',
      '.pi/settings.json': JSON.stringify({ extensions: ['../ext', '+../ext/b.js'] }),
      'ext/a.js': extension('pi-settings-folder-a'),
      'ext/b.js': extension('pi-settings-folder-b'),
    },
    home: {
      '.pi/agent/settings.json': JSON.stringify({ extensions: ['./more'], packages: ['./local-pack'] }),
      '.pi/agent/more/x.js': extension('pi-user-settings-extension'),
      '.pi/agent/local-pack/package.json': JSON.stringify({ name: 'lp', pi: { extensions: ['./e.js'] } }),
      '.pi/agent/local-pack/e.js': extension('pi-user-local-package'),
    },
  },
];
