import SectionPage from '../placeholder/section-page';

export default function ResearchPapersPage() {
  return <SectionPage title="Research Papers" />;
}
