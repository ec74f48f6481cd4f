/** Loads one call of the contract through the ApiClient port; views never call fetch. */
import { startTransition, useEffect, useState } from 'react';
import type { CallInput, CallOptions } from '../../application/ports';
import type { Call, ResponseOf } from '../../contract/define';
import { useServices } from '../services-context';

export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: Error };

export function useQuery<C extends Call>(
  call: C | null,
  input: CallInput<C> = {},
  options: CallOptions = {},
): QueryState<ResponseOf<C>> & { reload: () => void } {
  const { api } = useServices();
  const [state, setState] = useState<QueryState<ResponseOf<C>>>({ status: 'loading', data: undefined, error: undefined });
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify([call?.name, input, options]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised key stands for call, input and options
  useEffect(() => {
    if (!call) return;
    let live = true;
    setState({ status: 'loading', data: undefined, error: undefined });
    // Answers render as transitions: a long list is rendered in slices and never blocks input for long.
    api.call(call, input, generation > 0 ? { ...options, fresh: true } : options).then(
      (data) => live && startTransition(() => setState({ status: 'success', data, error: undefined })),
      (error: Error) => live && startTransition(() => setState({ status: 'error', data: undefined, error })),
    );
    return () => {
      live = false;
    };
  }, [api, key, generation]);
  return { ...state, reload: () => setGeneration((g) => g + 1) };
}
