import type { Product, ProductCreateInput, ProductUpdateInput, StockEntryItem } from '@backoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../../components/use-api-mutation';
import { ApiError } from '../../../lib/api-client';
import { PRODUCTS_TEXTS as T } from '../texts';
import {
  archiveProducts,
  createProduct,
  enterStock,
  productKeys,
  putProductsInPages,
  unarchiveProduct,
  unitKeys,
  updateInventory,
  updateProduct,
  uploadProductImage,
} from './products-api';

/** A refusal the stock-entry dialog says itself: the server named what to change in what was typed. */
const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 409);

/** Waits for a write the form awaits (its button spins); the hook has said the outcome. */
export const settle = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

/**
 * The products screen's writes (issue 16 §2): each says the spec's text, and refetches only what it changed or
 * puts the server's product into the cached pages; a refusal says the server's message and leaves the form as
 * typed.
 */
export function useProductWrites({
  onFirstPage,
  onCreated,
  closePanel,
  onImageUploaded,
  clearSelection,
  closeStockEntry,
  setEntryError,
}: {
  /** The list shows its first page, unsearched. */
  onFirstPage: boolean;
  /** A product was created: the panel closed, the search cleared, the first page. */
  onCreated: () => void;
  closePanel: () => void;
  /** The product being edited has new pictures. */
  onImageUploaded: (code: string, updated: Product) => void;
  clearSelection: () => void;
  closeStockEntry: () => void;
  setEntryError: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  /**
   * A new product: the first page of the whole list (it may land on any page), the search cleared. The list
   * is read once: the page shown again, or, coming from another page or search, the first page as it shows.
   */
  const create = useApiMutation<Product, ProductCreateInput>({
    mutationFn: createProduct,
    success: T.success.created,
    failure: T.errors.create,
    invalidate: onFirstPage ? [productKeys.lists()] : [],
    onSuccess: () => {
      onCreated();
      // every page stale, none read now: the page left is not read again, the first one reads on showing
      if (!onFirstPage) void queryClient.invalidateQueries({ queryKey: productKeys.lists(), refetchType: 'none' });
    },
  });
  /** An edit: the answer at once, and the list again (a new name moves the product in the list's order). */
  const edit = useApiMutation<Product, { code: string; body: ProductUpdateInput }>({
    mutationFn: ({ code, body }) => updateProduct(code, body),
    success: T.success.edited,
    failure: T.errors.edit,
    update: (client, product) => putProductsInPages(client, [product]),
    invalidate: [productKeys.lists()],
    onSuccess: closePanel,
  });
  /** A picture of the product being edited: its answer is the product with the new pictures. */
  const uploadImage = useApiMutation<Product, { code: string; image: string }>({
    mutationFn: ({ code, image }) => uploadProductImage(code, image),
    success: T.success.imageUpdated,
    failure: T.errors.image,
    update: (client, product) => putProductsInPages(client, [product]),
    // new pictures; the form's baseline stays the stock and cost it was opened with
    onSuccess: (updated, { code }) => onImageUploaded(code, updated),
  });
  /** Archiving and unarchiving move products between the list and the archived list. */
  const archive = useApiMutation<void, string[]>({
    mutationFn: archiveProducts,
    success: T.success.archived,
    failure: T.errors.archive,
    invalidate: [productKeys.lists(), productKeys.archived],
    onSuccess: clearSelection,
  });
  const unarchive = useApiMutation<void, string>({
    mutationFn: unarchiveProduct,
    success: T.success.unarchived,
    failure: T.errors.unarchive,
    invalidate: [productKeys.lists(), productKeys.archived],
  });
  /** A row's count and a stock entry answer with the products as they are now. */
  const countStock = useApiMutation<Product, { code: string; stock: number }>({
    mutationFn: ({ code, stock }) => updateInventory(code, stock),
    success: T.success.inventoryUpdated,
    failure: T.errors.inventory,
    update: (client, product) => putProductsInPages(client, [product]),
  });
  /**
   * A refusal (400 a bad IMEI or quantity, 409 an IMEI already registered) is said inside the dialog, which
   * keeps what was typed; the IMEIs are checked again so the line of a registered one says so.
   */
  const enterStockOf = useApiMutation<Product[], StockEntryItem>({
    mutationFn: (entry) => enterStock([entry]),
    success: T.success.stockEntered,
    failure: T.errors.stockEntry,
    update: putProductsInPages,
    errorInDialog: isRefusal,
    closeDialog: closeStockEntry,
    onError: (error, message) => {
      if (!isRefusal(error)) return;
      setEntryError(message);
      void queryClient.invalidateQueries({ queryKey: unitKeys.all });
    },
  });
  return { create, edit, uploadImage, archive, unarchive, countStock, enterStockOf };
}
