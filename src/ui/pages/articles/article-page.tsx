import SectionPage from '../placeholder/section-page';

export default function ArticlePage() {
  return <SectionPage title="Article" />;
}
