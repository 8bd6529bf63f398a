import type { DeliveryFacts, OrderMoveBody } from '@backoffice/contract';
import type { OrderImageKind } from '../../db/schema';
import { normalizeOrderPicture, type OrderPictureKind } from './images';
import type { TransitionInput } from './workflow';

/** What a move's request carries, as the workflow takes it (orders.service.ts `move` and `command`). */

/**
 * A move's body as its Idempotency-Key remembers it: without `deviceNow`, which says when the phone sent it
 * (each try of the same move sends its own), not what the move is (decision 0039).
 */
export function withoutSendingTime(body: OrderMoveBody): object {
  const { deviceNow: _sent, ...move } = body as OrderMoveBody & { deviceNow?: string };
  return move;
}

/** A delivery's facts as the workflow takes them (decision 0039). */
export function deliveryInput(
  facts: DeliveryFacts | undefined,
): Pick<TransitionInput, 'occurredOnDevice' | 'receiver' | 'cardReceipt'> {
  if (!facts) return {};
  return {
    ...(facts.occurredAt ? { occurredOnDevice: { occurredAt: facts.occurredAt, deviceNow: facts.deviceNow } } : {}),
    ...(facts.receiverName ? { receiver: { name: facts.receiverName, document: facts.receiverDocument ?? null } } : {}),
    ...(facts.cardReceipt ? { cardReceipt: facts.cardReceipt } : {}),
  };
}

/** Pictures a move carries, as the client sent them (base64). */
export interface MovePictures {
  kind: OrderImageKind;
  images: string[];
}

const PICTURE_KIND: Record<OrderImageKind, OrderPictureKind> = {
  RECEIPT: 'proof',
  PACKAGING: 'photo',
  SIGNATURE: 'signature',
};

/** Checks and re-encodes the pictures of a move, all or none (before the transaction: sharp is slow). */
export async function normalizePictures(pictures: MovePictures | undefined) {
  if (!pictures) return [];
  return Promise.all(pictures.images.map((image) => normalizeOrderPicture(image, PICTURE_KIND[pictures.kind])));
}
