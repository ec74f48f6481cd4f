import { Redirect } from 'wouter';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../routes';
import { useSession } from '../../services-context';
import { OtpWizardView } from './otp-wizard-view';

export default function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const { signedIn, loading } = useSession();
  if (loading) return <Spinner />;
  if (signedIn) return <Redirect to={paths.home} replace />;
  return <OtpWizardView purpose="reset" title="Reset your password" lead="Enter the email of your account and we'll send you a code to set a new password." />;
}
