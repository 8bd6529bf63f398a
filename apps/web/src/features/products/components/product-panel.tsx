import type { Product, ProductListItem } from '@backoffice/contract';
import { ApiError } from '../../../lib/api-client';
import type { useArchivedProducts, useBrands } from '../api/products-api';
import type { useBrandActions } from '../api/use-brand-actions';
import { settle, type useProductWrites } from '../api/use-product-writes';
import type { EditBaseline } from '../lib/edit-baseline';
import { prepareImage } from '../lib/image-resize';
import { ArchivedPanel } from './archived-panel';
import { BrandsPanel } from './brands-panel';
import { HistoryPanel } from './history-panel';
import { ProductForm } from './product-form';

/**
 * One panel at a time; the list is hidden while one is open (section 2). An edit keeps the stock and cost
 * its form was opened with (`baseline`), whatever later answers (an image upload) say of the product.
 */
export type Panel =
  | { kind: 'create' }
  | { kind: 'edit'; product: Product; baseline: EditBaseline }
  | { kind: 'history'; product: ProductListItem }
  | { kind: 'brands' }
  | { kind: 'archived' };

/** The panel open in place of the list: the product's form (new or edited), its history, the brands, the archived. */
export function ProductPanel({
  current,
  onClose,
  brands,
  archived,
  brandActions,
  writes,
  rebase,
}: {
  current: Panel;
  onClose: () => void;
  brands: ReturnType<typeof useBrands>;
  archived: ReturnType<typeof useArchivedProducts>;
  brandActions: ReturnType<typeof useBrandActions>;
  writes: ReturnType<typeof useProductWrites>;
  /** An edit refused as stale (409): its baseline follows the product as it is now. */
  rebase: (code: string, sent: { stock: number; cost: number }) => Promise<void>;
}) {
  switch (current.kind) {
    case 'create':
    case 'edit': {
      const editing = current.kind === 'edit' ? current : undefined;
      return (
        <ProductForm
          key={editing ? `edit-${editing.product.code}` : 'create'}
          mode={current.kind}
          product={editing?.product}
          brands={brands.data ?? []}
          prepareImage={prepareImage}
          onClose={onClose}
          onCreateBrand={brandActions.createBrand}
          onCreateReference={brandActions.createReference}
          onUploadImage={async (image) => {
            if (!editing) return;
            await settle(writes.uploadImage.mutateAsync({ code: editing.product.code, image: image.base64 }));
          }}
          onSubmit={async (body, images) => {
            if (!editing) {
              await settle(writes.create.mutateAsync({ ...body, images }));
              return;
            }
            const { code } = editing.product;
            await writes.edit
              .mutateAsync({ code, body: { ...body, code, ...editing.baseline } })
              .catch(async (error) => {
                // a 409 names the stock or cost that moved meanwhile ("Confira e salve de novo")
                if (error instanceof ApiError && error.status === 409) await rebase(code, body);
              });
          }}
        />
      );
    }
    case 'history':
      return <HistoryPanel product={current.product} onClose={onClose} />;
    case 'brands':
      return <BrandsPanel brands={brands.data ?? []} loading={brands.isFetching} onClose={onClose} />;
    case 'archived':
      return (
        <ArchivedPanel
          products={archived.data ?? []}
          loading={archived.isFetching}
          onClose={onClose}
          onUnarchive={async (product) => {
            await settle(writes.unarchive.mutateAsync(product.code));
          }}
        />
      );
  }
}
