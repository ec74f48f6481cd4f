import SectionPage from '../placeholder/section-page';

export default function CoursesPage() {
  return <SectionPage title="Online Courses" />;
}
