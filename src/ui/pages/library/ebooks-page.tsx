import SectionPage from '../placeholder/section-page';

export default function EbooksPage() {
  return <SectionPage title="eBooks" />;
}
