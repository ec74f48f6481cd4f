import SectionPage from '../placeholder/section-page';

export default function ProfilePage() {
  return <SectionPage title="Profile Settings" />;
}
