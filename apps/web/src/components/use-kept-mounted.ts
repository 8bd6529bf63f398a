import { useState } from 'react';

/**
 * Whether a part drawn on use (a menu, the palette, the drawer: fetched with its code the first time it opens)
 * is mounted: from its first opening on, then kept (its code loaded, its closing animation played). `failed`
 * (for MuiScope's `onFailed`: its code could not be fetched) unmounts it and calls `close`, so that the next
 * opening fetches again.
 */
export function useKeptMounted(open: boolean, close: () => void): { mounted: boolean; failed: () => void } {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return {
    mounted,
    failed: () => {
      setMounted(false);
      close();
    },
  };
}
