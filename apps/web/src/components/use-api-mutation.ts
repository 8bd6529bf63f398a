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
  /**
   * When a call starts, before `optimistic` and before the request: e.g. the dialog's last failure cleared, so a
   * new try never shows the message of the one before.
   */
  onStart?: (vars: TVars) => void;
  /** The spec's success text, shown in the snackbar (none when undefined). */
  success?: FromAnswer<TData, TVars, string | undefined>;
  /** The screen's text for a failure the server does not explain (5xx); a 4xx shows the server's message. */
  failure: string | ((vars: TVars) => string);
  /** Exactly the queries the write changed: each key is invalidated (its mounted queries refetch). */
  invalidate?: FromAnswer<TData, TVars, readonly QueryKey[]>;
  /**
   * An optimistic change of the cache before the call (e.g. a removed line gone at once): returns what undoes
   * it, run when the call fails, before the failure is said.
   */
  optimistic?: (queryClient: QueryClient, vars: TVars) => Promise<(() => void) | undefined>;
  /** Puts the server's updated object into the cache instead of refetching it (runs before `invalidate`). */
  update?: (queryClient: QueryClient, data: TData, vars: TVars) => void;
  /**
   * The dialog the write is sent from: closed by a success, and only by it (issue 34 §6, decision 0004). A
   * failure — no answer, a 5xx, a refusal — leaves it open with what was typed, drawn and photographed, for the
   * same button to send it again. A dialog that writes never closes itself on submit: it hands its close here.
   */
  closeDialog?: () => void;
  /** After a success (after `closeDialog`): reset the form, navigate, show the result. */
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
  /**
   * Which words say a failure: by default `refusalMessage` (the server's for a 4xx, `failure` for a 5xx). A
   * screen whose spec says "the first server error" whatever the status (sign-in, recovery) passes
   * `firstError`.
   */
  message?: (error: unknown, failure: string) => string;
}

/**
 * The options of a write sent from a dialog: its failure said inside the dialog (by `onError`), closed on success.
 * Each new try clears the failure said before (`onError(null)` when the call starts), so the dialog's submit only
 * sends: `handleSubmit((body) => save.mutate(body))`.
 */
export function inDialog(closeDialog: () => void, onError: (message: string | null) => void) {
  return {
    errorInDialog: true,
    onStart: () => onError(null),
    onError: (_error: unknown, message: string) => onError(message),
    closeDialog,
  } as const;
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
  const { optimistic } = options;
  return useMutation<TData, unknown, TVars, (() => void) | undefined>({
    mutationFn: options.mutationFn,
    onMutate: (vars) => {
      options.onStart?.(vars);
      return optimistic ? optimistic(queryClient, vars) : undefined;
    },
    onSuccess: async (data, vars) => {
      options.update?.(queryClient, data, vars);
      const keys = options.invalidate === undefined ? [] : resolve(options.invalidate, data, vars);
      const text = options.success === undefined ? undefined : resolve(options.success, data, vars);
      if (text) notify.success(text);
      options.closeDialog?.();
      options.onSuccess?.(data, vars);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, vars, undo) => {
      undo?.();
      const failure = typeof options.failure === 'function' ? options.failure(vars) : options.failure;
      const message = (options.message ?? refusalMessage)(error, failure);
      const inDialog =
        typeof options.errorInDialog === 'function' ? options.errorInDialog(error) : options.errorInDialog === true;
      if (!inDialog) notify[options.failureLevel ?? 'error'](message);
      options.onError?.(error, message, vars);
    },
  });
}
