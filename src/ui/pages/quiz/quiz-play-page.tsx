import SectionPage from '../placeholder/section-page';

export default function QuizPlayPage() {
  return <SectionPage title="Quiz" />;
}
