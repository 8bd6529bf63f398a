import { ORDER_TEXTS } from '@backoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { CONNECTION_LOST_TEXT, isNoAnswer } from '../../../lib/api-client';
import { orderByCodeQuery } from '../api/orders-api';
import { ORDERS_PAGE_TEXTS as T } from '../texts';

/**
 * The search by an order's code: the code typed, why it cannot be searched, and the code whose order is shown
 * (null: the status's list is shown). The order found is told to `onFound` (selected in the list).
 */
export function useCodeSearch(onFound: (orderId: number) => void) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [codeText, setCodeText] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [searchCode, setSearchCode] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const code = codeText.trim();
    if (!code) {
      setCodeError(T.search.required);
      return;
    }
    setCodeError(null);
    setSearching(true);
    try {
      const order = await queryClient.fetchQuery({ ...orderByCodeQuery(code), staleTime: 0 });
      setSearchCode(code);
      onFound(order.orderId);
    } catch (error) {
      notify.error(isNoAnswer(error) ? CONNECTION_LOST_TEXT : ORDER_TEXTS.notFoundByCode);
    } finally {
      setSearching(false);
    }
  };
  return { codeText, setCodeText, codeError, searchCode, setSearchCode, searching, search };
}
