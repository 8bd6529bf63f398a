import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { type CustomerListKind, customerCountQuery, useCustomerCount } from '../api/customers-api';
import { CUSTOMERS_TEXTS as T } from '../texts';

/**
 * Which list the customers screen shows (the active customers, or those awaiting approval, reproved or
 * blocked) and how many each of the other three holds, for the header's buttons.
 */
export function useCustomerView() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [view, setView] = useState<CustomerListKind>('active');
  // the badges count on the server: a one-row page's total, not the whole list
  const awaiting = useCustomerCount('awaiting');
  const reproved = useCustomerCount('reproved');
  const blocked = useCustomerCount('blocked');

  // The waiting view closes when its last customer has been approved or reproved (the success message stays).
  const awaitingCount = awaiting.data;
  const closedEmpty = useRef(false);
  useEffect(() => {
    if (view !== 'awaiting') {
      closedEmpty.current = false;
      return;
    }
    if (awaitingCount === 0 && !awaiting.isFetching && !closedEmpty.current) {
      closedEmpty.current = true;
      setView('active');
    }
  }, [view, awaitingCount, awaiting.isFetching]);

  const openAwaiting = async () => {
    const count = await queryClient.fetchQuery({ ...customerCountQuery('awaiting'), staleTime: 0 }).catch(() => 0);
    if (count === 0) notify.info(T.noneAwaiting);
    else setView('awaiting');
  };

  const counts = {
    awaiting: awaiting.data ?? 0,
    reproved: reproved.data ?? 0,
    blocked: blocked.data ?? 0,
  };
  return { view, setView, openAwaiting, counts };
}
