import { useCallback, useState } from 'react';

/**
 * One filter of a list paged on the server (its situation, its customer, its period…): the value, and a setter
 * that also takes the list back to its first page (`firstPage` of `useServerList`), as a new filter asks.
 */
export function useListFilter<T>(initial: T, firstPage: () => void): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(initial);
  const change = useCallback(
    (next: T) => {
      setValue(next);
      firstPage();
    },
    [firstPage],
  );
  return [value, change];
}
