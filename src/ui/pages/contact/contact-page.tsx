import SectionPage from '../placeholder/section-page';

export default function ContactPage() {
  return <SectionPage title="Contact us" />;
}
