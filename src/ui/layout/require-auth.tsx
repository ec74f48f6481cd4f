import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loginWithReturn } from '../routes';
import { Spinner } from '../components/states';
import { useSession } from '../services-context';

/** The protected-route guard: a spinner while the session loads, then /login remembering the page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, signedIn, loggingIn } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (loading || loggingIn) return <Spinner label="Checking your session..." />;
  if (!signedIn) return <Redirect to={loginWithReturn(search ? `${location}?${search}` : location)} replace />;
  return <>{children}</>;
}
