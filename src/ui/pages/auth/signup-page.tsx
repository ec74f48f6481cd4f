import { useDocumentTitle } from '../../hooks/use-document-title';
import { OtpWizardView } from './otp-wizard-view';

export default function SignupPage() {
  useDocumentTitle('Create your account');
  return <OtpWizardView purpose="signup" title="Create your account" lead="Join the community shaping a sustainable built environment. We'll email you a code to confirm your address." />;
}
