/** One past quiz attempt in a list: topic and set, when, and the score, or Resume while it is in progress. */
import { Link } from 'wouter';
import { QUIZ_SETS, quizCategoryTitle, type QuizAttemptSummary } from '../../../domain/quiz';
import { formatUsDate } from '../../../domain/text';
import { paths } from '../../routes';

function setTitle(setId: string): string {
  return QUIZ_SETS.find((s) => s.id === setId)?.title ?? setId;
}

export function PastAttempt({ attempt }: { attempt: QuizAttemptSummary }) {
  const title = `${quizCategoryTitle(attempt.category)}, ${setTitle(attempt.sdgSet)}`;
  const completed = attempt.status === 'completed';
  return (
    <li className="quiz-attempt">
      <div className="quiz-attempt__what">
        <span className="quiz-attempt__title">{title}</span>
        <span className="quiz-attempt__date">
          {completed ? 'Completed' : 'Started'} {formatUsDate(attempt.completedAt ?? attempt.createdAt)}
        </span>
      </div>
      {completed ? (
        <span className="quiz-attempt__score">
          <span className="visually-hidden">Score: </span>
          {attempt.score}/{attempt.totalQuestions}
        </span>
      ) : (
        <Link href={paths.quizSet(attempt.category, attempt.sdgSet)} className="quiz-attempt__resume">
          Resume<span className="visually-hidden"> {title}</span>
        </Link>
      )}
    </li>
  );
}

