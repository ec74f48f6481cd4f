import SectionPage from '../placeholder/section-page';

export default function QuizTopicPage() {
  return <SectionPage title="Quiz" />;
}
