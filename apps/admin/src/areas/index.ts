import type { AdminArea } from '../app/area.ts';
import { shellEndArea, shellStartArea } from '../app/shell-area.ts';

/*
 * The areas of the back office, in nav order (issue 15). Each area helper turns its own two
 * commented lines into code (one import, one array entry) and touches nothing else here: the
 * blank lines between the slots keep the merges of the four areas free of conflicts.
 */

// players: import { playersArea } from './players/index.ts';

// money: import { moneyArea } from './money/index.ts';

// site: import { siteArea } from './site/index.ts';

import { reportsArea } from './reports/index.ts';

export const areas: readonly AdminArea[] = [
  shellStartArea,

  // players: playersArea,

  // money: moneyArea,

  // site: siteArea,

  reportsArea,

  shellEndArea,
];
