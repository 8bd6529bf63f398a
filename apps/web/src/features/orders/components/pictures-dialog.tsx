import type { OrderSummary } from '@backoffice/contract';
import { ORDER_TEXTS } from '@backoffice/contract';
import { ImageViewerDialog } from '../../../components/orders/image-viewer-dialog';
import { firstError } from '../../../lib/api-client';
import { type OrderPictureKind, useOrderPictures } from '../api/orders-api';
import { ORDERS_PAGE_TEXTS } from '../texts';

const T = ORDERS_PAGE_TEXTS.images;

const TITLES: Record<OrderPictureKind, string> = {
  receipt: T.receipt,
  signature: T.signature,
  packaging: T.packaging,
};
const EMPTY: Record<OrderPictureKind, string> = {
  receipt: ORDER_TEXTS.noReceipt,
  signature: ORDER_TEXTS.noSignature,
  packaging: ORDER_TEXTS.noPackagingImages,
};

/** The receipt ('Visualização do Comprovante'), the signature or the packaging photos of an order. */
export function PicturesDialog({
  kind,
  order,
  onClose,
}: {
  kind: OrderPictureKind | null;
  order: OrderSummary | null;
  onClose: () => void;
}) {
  const pictures = useOrderPictures(kind, order?.orderId ?? null);
  if (!kind || !order) return null;
  const names = (n: number) =>
    kind === 'receipt'
      ? T.receiptName(order.code)
      : kind === 'signature'
        ? T.signatureName(order.code)
        : T.packagingName(order.code, n);
  const emptyText = pictures.isPending
    ? T.loading
    : pictures.isError
      ? firstError(pictures.error, ORDERS_PAGE_TEXTS.generic)
      : EMPTY[kind];
  return (
    <ImageViewerDialog
      open
      title={TITLES[kind]}
      images={(pictures.data ?? []).map((picture, i) => ({ url: picture.url, name: names(i + 1) }))}
      emptyText={emptyText}
      onClose={onClose}
    />
  );
}
