import { PRODUCT_TEXTS, type Product, type ProductListItem } from '@backoffice/contract';
import { useNotify } from '../../../components/notifier';
import { refusalMessage } from '../../../lib/api-client';
import { fetchProduct } from '../api/products-api';
import { settle } from '../api/use-product-writes';
import { PRODUCTS_TEXTS as T } from '../texts';
import type { SelectionActions } from './product-list';

/**
 * The list's toolbar actions on the products ticked: each but 'Arquivar' takes one product ('Selecione um
 * produto' otherwise); 'Visualizar' and 'Editar' read it whole first.
 */
export function useSelectionActions({
  onHistory,
  onChanges,
  onStockEntry,
  onShow,
  onEdit,
  onArchive,
}: {
  onHistory: (product: ProductListItem) => void;
  onChanges: (product: ProductListItem) => void;
  onStockEntry: (product: ProductListItem) => void;
  onShow: (product: Product) => void;
  onEdit: (product: Product) => void;
  /** Archives the products of these codes. */
  onArchive: (codes: string[]) => Promise<unknown>;
}): SelectionActions {
  const notify = useNotify();
  const single = (selected: ProductListItem[], refusal: string, then: (product: ProductListItem) => void) => {
    if (selected.length !== 1 || !selected[0]) {
      notify.error(refusal);
      return;
    }
    then(selected[0]);
  };

  /**
   * 'Visualizar' and 'Editar': the product read whole (the list's rows leave out its description, tags,
   * pictures and fiscal fields), so the dialog and the form also show what changed since the list was read.
   */
  const whole = (product: ProductListItem, then: (product: Product) => void) =>
    fetchProduct(product.code).then(
      (found) => (found ? then(found) : notify.error(PRODUCT_TEXTS.productNotFound)),
      (error: unknown) => notify.error(refusalMessage(error, T.refusals.open)),
    );

  return {
    history: (selected) => single(selected, T.refusals.history, onHistory),
    changes: (selected) => single(selected, T.refusals.changes, onChanges),
    stockEntry: (selected) => single(selected, T.refusals.stockEntry, onStockEntry),
    show: (selected) => single(selected, T.refusals.show, (product) => whole(product, onShow)),
    edit: (selected) => single(selected, T.refusals.edit, (listed) => whole(listed, onEdit)),
    archive: async (selected) => {
      await settle(onArchive(selected.map((p) => p.code)));
    },
  };
}
