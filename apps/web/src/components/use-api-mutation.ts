import {
  type QueryClient,
  type QueryKey,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { refusalMessage } from '../lib/api-client';
import { useNotify } from './notifier';

/** A value, or one computed from the server's answer and the variables of the call. */
type FromAnswer<TData, TVars, R> = R | ((data: TData, vars: TVars) => R);

export interface ApiMutationOptions<TData, TVars> {
  /** The call: one `api(...)` request. */
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The spec's success text, shown in the snackbar (none when undefined). */
  success?: FromAnswer<TData, TVars, string | undefined>;
  /** The screen's text for a failure the server does not explain (5xx); a 4xx shows the server's message. */
  failure: string | ((vars: TVars) => string);
  /** Exactly the queries the write changed: each key is invalidated (its mounted queries refetch). */
  invalidate?: FromAnswer<TData, TVars, readonly QueryKey[]>;
  /** Puts the server's updated object into the cache instead of refetching it (runs before `invalidate`). */
  update?: (queryClient: QueryClient, data: TData, vars: TVars) => void;
  /** After a success: close the dialog, reset the form, navigate. */
  onSuccess?: (data: TData, vars: TVars) => void;
  /**
   * After a failure, besides the snackbar (e.g. show the message inside the dialog). The dialog stays open
   * with what was typed, drawn and photographed: a 4xx explains what to change, no answer asks to retry.
   */
  onError?: (error: unknown, message: string, vars: TVars) => void;
  /**
   * The failure is said inside the dialog (by `onError`), not in the snackbar: on a phone's full-screen
   * dialog a snackbar would cover its buttons, and behind a dialog it is hidden from a screen reader.
   */
  errorInDialog?: boolean | ((error: unknown) => boolean);
  /** How the snackbar says a failure: 'error' (default), or 'info' where the spec asks for it. */
  failureLevel?: 'error' | 'info';
}

const resolve = <TData, TVars, R>(value: FromAnswer<TData, TVars, R>, data: TData, vars: TVars): R =>
  typeof value === 'function' ? (value as (data: TData, vars: TVars) => R)(data, vars) : value;

/**
 * The one way a screen writes (issue 16 §2): a TanStack mutation that, on success, updates the cache with
 * the server's answer, invalidates exactly what changed, says the spec's text and lets the caller close its
 * dialog; on failure says the server's message for a 4xx ('Sem conexão…' when there was no answer, the
 * screen's `failure` text otherwise) and leaves the dialog as it was. A 401 has already signed out.
 */
export function useApiMutation<TData, TVars = void>(
  options: ApiMutationOptions<TData, TVars>,
): UseMutationResult<TData, unknown, TVars> {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation<TData, unknown, TVars>({
    mutationFn: options.mutationFn,
    onSuccess: async (data, vars) => {
      options.update?.(queryClient, data, vars);
      const keys = options.invalidate === undefined ? [] : resolve(options.invalidate, data, vars);
      const text = options.success === undefined ? undefined : resolve(options.success, data, vars);
      if (text) notify.success(text);
      options.onSuccess?.(data, vars);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, vars) => {
      const failure = typeof options.failure === 'function' ? options.failure(vars) : options.failure;
      const message = refusalMessage(error, failure);
      const inDialog =
        typeof options.errorInDialog === 'function' ? options.errorInDialog(error) : options.errorInDialog === true;
      if (!inDialog) notify[options.failureLevel ?? 'error'](message);
      options.onError?.(error, message, vars);
    },
  });
}
