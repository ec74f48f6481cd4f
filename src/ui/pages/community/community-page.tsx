import SectionPage from '../placeholder/section-page';

export default function CommunityPage() {
  return <SectionPage title="SustainLearn Community" />;
}
