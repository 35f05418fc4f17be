/** Network and business operations: dashboard figures, the genealogy, its export, the client base and ratings. */
import type { Handlers } from '../../contract/types.ts';
import { getBonusEstimate, listBonusSources } from './bonus.ts';
import { getClient, listClientOrders, listClients } from './clients.ts';
import { exportMyNetwork } from './export.ts';
import { getClosedStats, getMyInfo, getMyTarget } from './my-info.ts';
import { getRatings } from './ratings.ts';
import { getStatement, getStatementFile, listStatements } from './statements.ts';
import {
  getMyNetwork,
  getNetworkNode,
  getNetworkNodePath,
  getNetworkNodeVolumes,
  searchMyNetwork,
} from './tree.ts';

export const networkHandlers = {
  getMyInfo,
  getMyTarget,
  getClosedStats,
  getMyNetwork,
  searchMyNetwork,
  getNetworkNode,
  exportMyNetwork,
  listClients,
  getClient,
  listClientOrders,
  getRatings,
  listStatements,
  getStatement,
  getStatementFile,
  getNetworkNodeVolumes,
  getNetworkNodePath,
  getBonusEstimate,
  listBonusSources,
} satisfies Pick<
  Handlers,
  | 'getMyInfo'
  | 'getMyTarget'
  | 'getClosedStats'
  | 'getMyNetwork'
  | 'searchMyNetwork'
  | 'getNetworkNode'
  | 'exportMyNetwork'
  | 'listClients'
  | 'getClient'
  | 'listClientOrders'
  | 'getRatings'
  | 'listStatements'
  | 'getStatement'
  | 'getStatementFile'
  | 'getNetworkNodeVolumes'
  | 'getNetworkNodePath'
  | 'getBonusEstimate'
  | 'listBonusSources'
>;
