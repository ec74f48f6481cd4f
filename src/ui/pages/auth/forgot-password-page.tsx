import SectionPage from '../placeholder/section-page';

export default function ForgotPasswordPage() {
  return <SectionPage title="Reset your password" />;
}
