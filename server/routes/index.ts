import type { Handlers } from '../contract/types.ts';
import { accountHandlers } from './account/index.ts';
import { catalogueHandlers } from './catalogue/index.ts';
import { eventHandlers } from './events/index.ts';
import { exchangeHandlers } from './exchange/index.ts';
import { networkHandlers } from './network/index.ts';
import { orderHandlers } from './orders/index.ts';
import { publicHandlers } from './public/index.ts';
import { shopHandlers } from './public/shop.ts';
import { returnHandlers } from './returns/index.ts';

/** One handler per operationId of openapi/api-v3.yaml; a missing one fails to compile and to start. */
export const handlers: Handlers = {
  ...accountHandlers,
  ...networkHandlers,
  ...catalogueHandlers,
  ...orderHandlers,
  ...returnHandlers,
  ...exchangeHandlers,
  ...eventHandlers,
  ...publicHandlers,
  ...shopHandlers,
};
