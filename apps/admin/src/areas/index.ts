import type { AdminArea } from '../app/area.ts';
import { shellEndArea, shellStartArea } from '../app/shell-area.ts';

/*
 * The areas of the back office, in nav order (issue 15). Each area helper turns its own two
 * commented lines into code (one import, one array entry) and touches nothing else here: the
 * blank lines between the slots keep the merges of the four areas free of conflicts.
 */

import { playersArea } from './players/index.ts';

import { moneyArea } from './money/index.ts';

import { siteArea } from './site/index.ts';

import { reportsArea } from './reports/index.ts';

import { operationsArea } from './operations/index.ts';

export const areas: readonly AdminArea[] = [
  shellStartArea,

  playersArea,

  moneyArea,

  siteArea,

  reportsArea,

  operationsArea,

  shellEndArea,
];
