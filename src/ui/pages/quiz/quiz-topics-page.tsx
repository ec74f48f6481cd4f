/** Quizzes: the grid of the eight quiz topics, each leading to its topic page. */
import { Link } from 'wouter';
import { quizConstants } from '../../calls';
import { ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { PageIntro } from '../../components/page-intro';
import './quiz.css';

export default function QuizTopicsPage() {
  useDocumentTitle('Quizzes');
  const constants = useQuery(quizConstants);

  return (
    <div className="quiz-page">
      <PageIntro
        eyebrow="Quizzes and challenges"
        title="Quizzes"
        lead="Test what you know about green buildings, passive design, materials, policy and nature. Answer one question at a time, see the right answer with a short explanation, and download your results as a PDF."
      />
      <section className="container quiz-section" aria-labelledby="quiz-topics-title">
        <h2 id="quiz-topics-title">Choose a topic</h2>
        {constants.status === 'loading' && <Spinner label="Loading quiz topics..." />}
        {constants.status === 'error' && <ErrorState error={constants.error} />}
        {constants.status === 'success' && (
          <ul className="grid quiz-topics">
            {constants.data.topics.map((topic) => (
              <li key={topic.id} className="card quiz-topic-card">
                {/* Decorative: the card's title names the topic. */}
                {topic.imageUrl && <img className="quiz-topic-card__image" src={topic.imageUrl} alt="" width={400} height={240} />}
                <div className="card__body">
                  <h3 className="card__title">
                    <Link href={paths.quizTopic(topic.id)} className="quiz-topic-card__link">
                      {topic.title}
                    </Link>
                  </h3>
                  <p className="card__meta">Multiple choice · Set 1</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
