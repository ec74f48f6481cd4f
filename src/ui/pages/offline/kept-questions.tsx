/**
 * The assessment's questions as a kept course holds them (ADR 174), shown on the assessment page without a
 * connection: the server marks each answer, so the assessment waits; its questions can be read meanwhile.
 */
import { OFFLINE_TEXT } from '../../../domain/offline';
import { assessmentQuestions } from '../../calls';
import { useQuery } from '../../hooks/use-query';
import './offline.css';

const LETTERS = 'ABCDEFGHIJ';

export function KeptQuestions({ courseId }: { courseId: string }) {
  const kept = useQuery(assessmentQuestions, { params: { id: courseId } });
  if (kept.status !== 'success' || kept.data.questions.length === 0) return null;
  return (
    <section className="kept-questions" aria-labelledby="kept-questions">
      <h2 id="kept-questions">{OFFLINE_TEXT.questionsHeading}</h2>
      <p>{OFFLINE_TEXT.questionsLead}</p>
      <ol className="kept-questions__list">
        {kept.data.questions.map((q) => (
          <li key={q.question}>
            <p className="kept-questions__question">{q.question}</p>
            <ul className="kept-questions__options">
              {q.options.map((option, j) => (
                <li key={option}>
                  <span aria-hidden="true">{LETTERS[j]}. </span>
                  {option}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
