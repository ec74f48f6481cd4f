import SectionPage from '../placeholder/section-page';

export default function WorkshopsPage() {
  return <SectionPage title="Upcoming Workshops" />;
}
