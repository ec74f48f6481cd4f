import SectionPage from '../placeholder/section-page';

export default function CourseViewPage() {
  return <SectionPage title="Course" />;
}
