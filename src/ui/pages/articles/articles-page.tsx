import SectionPage from '../placeholder/section-page';

export default function ArticlesPage() {
  return <SectionPage title="Articles" />;
}
