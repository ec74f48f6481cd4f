import SectionPage from '../placeholder/section-page';

export default function DiscussionPage() {
  return <SectionPage title="Discussion" />;
}
