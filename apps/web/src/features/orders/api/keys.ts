import { createQueryKeys } from '../../../lib/query-keys';

export const ordersKeys = createQueryKeys('orders');
