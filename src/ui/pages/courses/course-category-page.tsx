import SectionPage from '../placeholder/section-page';

export default function CourseCategoryPage() {
  return <SectionPage title="Courses" />;
}
