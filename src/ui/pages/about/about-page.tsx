import SectionPage from '../placeholder/section-page';

export default function AboutPage() {
  return <SectionPage title="About SustainLearn" />;
}
