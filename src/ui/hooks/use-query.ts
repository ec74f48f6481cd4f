/**
 * Loads one call of the contract through the ApiClient port; views never call fetch. On the server the render waits
 * for the answer (React's `use`) and the page carries it; in the browser the first render starts from that answer.
 */
import { startTransition, use, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../application/api-error';
import type { CallInput, CallOptions } from '../../application/ports';
import type { Call, ResponseOf } from '../../contract/define';
import type { CallRef } from '../calls';
import { type Outcome, usePreload } from '../preload';
import { useServices } from '../services-context';

export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: Error };

const LOADING = { status: 'loading', data: undefined, error: undefined } as const;

function stateOf<T>(outcome: Outcome | undefined): QueryState<T> {
  if (!outcome) return LOADING;
  if (outcome.ok) return { status: 'success', data: outcome.data as T, error: undefined };
  return { status: 'error', data: undefined, error: new ApiError(outcome.kind, outcome.status, outcome.message) };
}

export function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError) return { ok: false, kind: error.kind, status: error.status, message: error.message };
  return { ok: false, kind: 'network', status: 0, message: error instanceof Error ? error.message : String(error) };
}

/**
 * What a view keeps of an answer: a page drawn by the server carries only that (a list of cards need not carry each
 * item's whole body), and a request in the browser is narrowed the same way, so both sides render the same values.
 * `name` tells its share of the page's data apart from another view's of the same call.
 */
export interface QueryView<R, T> {
  name: string;
  select: (data: R) => T;
}

/**
 * `call` names the call without loading it (calls.ts): a page whose answer came with it never loads the contract
 * (nor zod); a request loads it first.
 */
export function useQuery<C extends Call>(call: CallRef<C> | null, input?: CallInput<C>, options?: CallOptions): QueryState<ResponseOf<C>> & { reload: () => void };
export function useQuery<C extends Call, T>(
  call: CallRef<C> | null,
  input: CallInput<C>,
  options: CallOptions,
  view: QueryView<ResponseOf<C>, T>,
): QueryState<T> & { reload: () => void };
export function useQuery<C extends Call, T>(
  call: CallRef<C> | null,
  input: CallInput<C> = {},
  options: CallOptions = {},
  view?: QueryView<ResponseOf<C>, T>,
): QueryState<T> & { reload: () => void } {
  const { api } = useServices();
  const preload = usePreload();
  const key = JSON.stringify(view ? [call?.name, input, options, view.name] : [call?.name, input, options]);
  const kept = (data: ResponseOf<C>): T => (view ? view.select(data) : (data as unknown as T));
  const rendered =
    call && preload.server
      ? use(preload.load(key, () => call.use((loaded) => api.call(loaded, input, options)).then((data): Outcome => ({ ok: true, data: kept(data) }), outcomeOf)))
      : call
        ? preload.outcome(key)
        : undefined;
  const [state, setState] = useState<QueryState<T>>(() => stateOf(rendered));
  const [generation, setGeneration] = useState(0);
  // The key whose answer came with the page: that render needs no request.
  const served = useRef(rendered ? key : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised key stands for call, input and options
  useEffect(() => {
    if (!call) return;
    if (served.current === key && generation === 0) {
      preload.spend(key);
      return;
    }
    served.current = null;
    let live = true;
    setState(LOADING);
    // Answers render as transitions: a long list is rendered in slices and never blocks input for long.
    call.use((loaded) => api.call(loaded, input, generation > 0 ? { ...options, fresh: true } : options)).then(
      (data) => live && startTransition(() => setState({ status: 'success', data: kept(data), error: undefined })),
      (error: Error) => live && startTransition(() => setState({ status: 'error', data: undefined, error })),
    );
    return () => {
      live = false;
    };
  }, [api, key, generation]);
  // On the server nothing re-renders: the state is the answer the render waited for.
  return { ...(preload.server ? stateOf(rendered) : state), reload: () => setGeneration((g) => g + 1) };
}
