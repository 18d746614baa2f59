import { NO_BUDGET } from '../../fit';
import type { DiscoverContext, Discovery, Profile } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { partsFormat } from '../agent/parts';
import { AUGGIE_ABOUT, AUGGIE_RELEASE } from './about';

function discover(_ctx: DiscoverContext): Discovery {
  return { candidates: [] };
}

export const AUGGIE: Profile = {
  ...AUGGIE_ABOUT,
  version: AUGGIE_RELEASE,
  agent: 'Auggie',
  homeFiles: () => [],
  fidelity: [],
  settings: [],
  noTargets: 'root',
  directories: [],
  discover,
  load: { symlinks: 'follow-disclose', decode: 'lossy', keepBom: true, trim: false, skipEmpty: false, homes: () => [] },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: partsFormat(() => []),
};
