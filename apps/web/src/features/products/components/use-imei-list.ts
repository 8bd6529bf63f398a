import { useMemo } from 'react';
import { type ImeiList, imeiListOf } from '../../../components/imei-list-field';
import { imeisToCheck, readImeiLines } from '../../../lib/imei-lines';
import { useUnitChecks } from '../api/products-api';

/**
 * The list as typed, each line checked at once: its check digits and repeats here, its registration by
 * the server (POST /units/check, once the list rests). `productId`: the product the units come into (a
 * RETURNED unit of it may come in again); none for a product being created.
 */
export function useImeiList(text: string, productId?: number): ImeiList {
  const imeis = useMemo(() => imeisToCheck(text), [text]);
  const checks = useUnitChecks(imeis);
  return useMemo(() => imeiListOf(readImeiLines(text, checks, productId)), [text, checks, productId]);
}
