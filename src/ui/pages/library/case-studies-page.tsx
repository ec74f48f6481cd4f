import SectionPage from '../placeholder/section-page';

export default function CaseStudiesPage() {
  return <SectionPage title="Case Studies" />;
}
