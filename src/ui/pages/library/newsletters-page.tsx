import SectionPage from '../placeholder/section-page';

export default function NewslettersPage() {
  return <SectionPage title="Newsletters" />;
}
