import { useSearchParams } from 'react-router';

/**
 * A record a link names in the address (`/admin/orders?order=12`, `/admin/products?imei=…`): the command
 * palette's results open a page this way (issue 20 §2). Answers the value and a `clear` that takes it out
 * of the address (replacing the history entry) when the record's dialog closes, so a reload or Back does
 * not open it again.
 */
export function useLinkedRecord(param: string, alongWith: readonly string[] = []): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(param);
  const clear = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // What the link says to do with the record (`&adjust=exchange`) goes with it.
        for (const name of [param, ...alongWith]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [value, clear];
}
