import { createQueryKeys } from '../../../lib/query-keys';

/** Keys of the selling screen: `other('customers', search)`, `other('products', …)`, `other('cart', …)`. */
export const sellingKeys = createQueryKeys('selling');
