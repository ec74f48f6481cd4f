import SectionPage from '../placeholder/section-page';

export default function QuizTopicsPage() {
  return <SectionPage title="Quizzes" />;
}
