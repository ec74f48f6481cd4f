import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { AppServices } from '../application/services';
import { isSessionLoading } from '../application/session.machine';

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
}

export function useSession() {
  const { session } = useServices();
  return useSelector(session, (state) => ({
    user: state.context.user,
    error: state.context.error,
    loading: isSessionLoading(state),
    signedIn: state.matches('signedIn'),
    loggingIn: state.matches('loggingIn'),
  }), (a, b) => a.user === b.user && a.error === b.error && a.loading === b.loading && a.signedIn === b.signedIn && a.loggingIn === b.loggingIn);
}
