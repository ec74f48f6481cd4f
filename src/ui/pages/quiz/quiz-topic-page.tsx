/**
 * A quiz topic: the nine category buttons (the one shown is marked current), its one set 'Set 1' leading to the play
 * screen, and the learner's past attempts at this topic with their scores, newest first (all topics: My learning).
 */
import { Link, useParams } from 'wouter';
import { listAttempts, quizConstants } from '../../calls';
import { QUIZ_CATEGORIES, QUIZ_SETS, quizCategoryTitle } from '../../../domain/quiz';
import { NotFound } from '../../components/not-found';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { PageIntro } from '../../components/page-intro';
import { PastAttempt } from './past-attempt';
import './quiz.css';

function PastAttempts({ categoryId }: { categoryId: string }) {
  const attempts = useQuery(listAttempts, {}, { fresh: true });
  if (attempts.status === 'loading') return <Spinner label="Loading your attempts..." />;
  if (attempts.status === 'error') return <ErrorState error={attempts.error} />;
  const here = attempts.data.attempts.filter((attempt) => attempt.category === categoryId);
  if (here.length === 0) return <EmptyState>You have not taken this quiz yet. Pick a set above to begin.</EmptyState>;
  return (
    <ul className="quiz-attempts">
      {here.map((attempt) => (
        <PastAttempt key={attempt._id} attempt={attempt} />
      ))}
    </ul>
  );
}

export default function QuizTopicPage() {
  const { categoryId = '' } = useParams<{ categoryId: string }>();
  const known = QUIZ_CATEGORIES.some((c) => c.id === categoryId);
  const title = known ? quizCategoryTitle(categoryId) : 'Quiz topic not found';
  useDocumentTitle(known ? `${title} Quiz` : title);
  const constants = useQuery(quizConstants);

  if (!known) {
    return (
      <NotFound title={title} nearest={{ href: paths.quiz, label: 'See all quiz topics' }}>
        <p>We could not find that quiz topic.</p>
      </NotFound>
    );
  }

  return (
    <div className="quiz-page">
      <PageIntro
        before={
          <p className="quiz-back">
            <Link href={paths.quiz}>All quiz topics</Link>
          </p>
        }
        eyebrow="Quiz topic"
        title={title}
        lead="Pick a category, then a set. Your answers are saved as you go, so you can come back later."
      />

      <div className="container quiz-topic">
        <section className="quiz-section" aria-labelledby="quiz-categories-title">
          <h2 id="quiz-categories-title">Categories</h2>
          {constants.status === 'loading' && <Spinner label="Loading quiz categories..." />}
          {constants.status === 'error' && <ErrorState error={constants.error} />}
          {constants.status === 'success' && (
            <nav aria-labelledby="quiz-categories-title">
              <ul className="quiz-categories">
                {constants.data.categories.map((category) => (
                  <li key={category.id}>
                    <Link
                      href={paths.quizTopic(category.id)}
                      className="quiz-category"
                      aria-current={category.id === categoryId ? 'page' : undefined}
                    >
                      {category.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </section>

        <section className="quiz-section" aria-labelledby="quiz-sets-title">
          <h2 id="quiz-sets-title">Sets</h2>
          <ul className="quiz-sets">
            {QUIZ_SETS.map((set) => (
              <li key={set.id}>
                <Link href={paths.quizSet(categoryId, set.id)} className="button button--primary quiz-set">
                  {set.title}
                  <span className="visually-hidden"> of the {title} quiz</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section className="quiz-section" aria-labelledby="quiz-history-title">
          <h2 id="quiz-history-title">Your past attempts</h2>
          <PastAttempts categoryId={categoryId} />
        </section>
      </div>
    </div>
  );
}
