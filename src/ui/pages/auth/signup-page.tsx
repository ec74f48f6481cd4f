import SectionPage from '../placeholder/section-page';

export default function SignupPage() {
  return <SectionPage title="Create your account" />;
}
