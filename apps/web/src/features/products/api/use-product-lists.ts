import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLinkedRecord } from '../../../lib/linked-record';
import {
  fetchProduct,
  PAGE_SIZE,
  productKeys,
  useArchivedProducts,
  useBrands,
  useProductPage,
  useProductSources,
  useReferences,
} from './products-api';

/** What the products screen reads: the page of products (of the search), the archived, the brands, the sources. */
export function useProductLists(page: number, search: string) {
  const queryClient = useQueryClient();
  // On load: products, archived products, references and brands (section 2).
  const products = useProductPage(page * PAGE_SIZE, search);
  const archived = useArchivedProducts();
  useReferences();
  const brands = useBrands();
  const sources = useProductSources();

  /** The empty-list link, 'Buscar' again and a stale edit: every page of the list and the archived list. */
  const reloadList = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: productKeys.archived }),
    ]);
  };
  /** The reload icon: everything the screen loaded. */
  const reloadAll = () => queryClient.invalidateQueries({ queryKey: productKeys.all });
  return { products, archived, brands, sources, reloadList, reloadAll };
}

/** The phone (by IMEI) or product (by code) a link names (the command palette's results), and that product read. */
export function useLinkedProduct() {
  const [linkedImei, clearLinkedImei] = useLinkedRecord('imei');
  const [linkedCode, clearLinkedCode] = useLinkedRecord('code');
  const linkedProduct = useQuery({
    queryKey: productKeys.other('linked', linkedCode ?? ''),
    queryFn: () => fetchProduct(linkedCode ?? ''),
    enabled: linkedCode !== null,
  });
  return { linkedImei, clearLinkedImei, linkedCode, clearLinkedCode, linkedProduct };
}
