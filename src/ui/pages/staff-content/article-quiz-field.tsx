/**
 * An article's own quiz in the editor (issue 39, ADRs 171 and 176): its pass mark and 3 to 10 questions, each with its
 * text, four options, the right one (a radio group) and why it is right; questions are added, moved and removed with
 * buttons that name the question. The server checks it with the content files' schema; its problem is said below it.
 */
import { useId } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { ARTICLE_QUIZ_MAX_QUESTIONS, ARTICLE_QUIZ_MIN_QUESTIONS, ARTICLE_QUIZ_PASS_PERCENT } from '../../../domain/article-quiz';
import { QUESTION_OPTIONS } from '../../../domain/quiz-question.schema';
import { Field, InlineError } from '../../components/fields';

/** A question as the form holds it: the right option is null until the editor chooses one. */
export interface DraftQuestion {
  question: string;
  options: string[];
  correctIndex: number | null;
  explanation: string;
}
export interface DraftQuiz {
  passPercent: number;
  questions: DraftQuestion[];
}

const OPTIONS = Array.from({ length: QUESTION_OPTIONS }, (_, i) => i);
const blankQuestion = (): DraftQuestion => ({ question: '', options: OPTIONS.map(() => ''), correctIndex: null, explanation: '' });
const NEW_QUIZ = (): DraftQuiz => ({ passPercent: ARTICLE_QUIZ_PASS_PERCENT, questions: [blankQuestion()] });
const asQuiz = (value: unknown): DraftQuiz | null =>
  value && typeof value === 'object' && Array.isArray((value as DraftQuiz).questions) ? (value as DraftQuiz) : null;
/** The list with the items at `i` and `j` swapped (a move by one). */
const swap = <T,>(list: T[], i: number, j: number): T[] => list.map((x, k) => (k === i ? list[j]! : k === j ? list[i]! : x));

function QuestionFields({ q, n, count, disabled, onChange, onMove, onRemove }: {
  q: DraftQuestion; n: number; count: number; disabled: boolean;
  onChange: (q: DraftQuestion) => void; onMove: (by: -1 | 1) => void; onRemove: () => void;
}) {
  const label = `Question ${n}`;
  return (
    <fieldset className="workshop-editor__group">
      <legend>{label}</legend>
      <Field label={`${label}: text`} value={q.question} maxLength={300} isDisabled={disabled} onChange={(question) => onChange({ ...q, question })} />
      {OPTIONS.map((o) => (
        <Field key={o} label={`${label}: option ${o + 1}`} value={q.options[o] ?? ''} maxLength={160} isDisabled={disabled}
          onChange={(v) => onChange({ ...q, options: OPTIONS.map((k) => (k === o ? v : (q.options[k] ?? ''))) })} />
      ))}
      <RadioGroup className="quiz-field__right" orientation="horizontal" isDisabled={disabled}
        value={q.correctIndex === null ? null : String(q.correctIndex)} onChange={(v) => onChange({ ...q, correctIndex: Number(v) })}>
        <Label className="field__label">{`${label}: the right option`}</Label>
        {OPTIONS.map((o) => (
          <Radio key={o} value={String(o)} className="quiz-field__radio">
            {`Option ${o + 1}`}
          </Radio>
        ))}
      </RadioGroup>
      <Field label={`${label}: why it is right`} multiline value={q.explanation} maxLength={600} isDisabled={disabled}
        onChange={(explanation) => onChange({ ...q, explanation })} />
      <div className="quiz-field__actions">
        {n > 1 && (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onMove(-1)}>
            Move question {n} up
          </button>
        )}
        {n < count && (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onMove(1)}>
            Move question {n} down
          </button>
        )}
        <button type="button" className="button button--secondary" disabled={disabled} onClick={onRemove}>
          Remove question {n}
        </button>
      </div>
    </fieldset>
  );
}

export function ArticleQuizField({ value, error, disabled, onChange }: {
  value: unknown; error: string | undefined; disabled: boolean; onChange: (quiz: DraftQuiz | null) => void;
}) {
  const quiz = asQuiz(value);
  const errorId = useId();
  const questions = quiz?.questions ?? [];
  const setQuestions = (next: DraftQuestion[]) => quiz && onChange({ ...quiz, questions: next });
  return (
    <fieldset className="workshop-editor__group quiz-field" aria-describedby={errorId}>
      <legend>Quiz</legend>
      {quiz ? (
        <>
          <p>
            Members who pass it earn the article's credit lines. A quiz needs {ARTICLE_QUIZ_MIN_QUESTIONS} to {ARTICLE_QUIZ_MAX_QUESTIONS} questions on
            what the article says.
          </p>
          <Field label="Pass mark in percent" description="50 to 100. 70 unless a body asks for more." inputMode="numeric" isDisabled={disabled}
            value={Number.isFinite(quiz.passPercent) ? String(quiz.passPercent) : ''}
            onChange={(v) => onChange({ ...quiz, passPercent: v.trim() === '' ? Number.NaN : Number(v) })} />
          {questions.map((q, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: questions have no id of their own; their order is their identity
            <QuestionFields key={i} q={q} n={i + 1} count={questions.length} disabled={disabled}
              onChange={(next) => setQuestions(questions.map((x, j) => (j === i ? next : x)))}
              onMove={(by) => setQuestions(swap(questions, i, i + by))}
              onRemove={() => setQuestions(questions.filter((_, j) => j !== i))} />
          ))}
          <div className="quiz-field__actions">
            <button type="button" className="button button--secondary" disabled={disabled || questions.length >= ARTICLE_QUIZ_MAX_QUESTIONS}
              onClick={() => setQuestions([...questions, blankQuestion()])}>
              Add a question
            </button>
            <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange(null)}>
              Remove the quiz
            </button>
          </div>
        </>
      ) : (
        <>
          <p>No quiz. An article earns credit only by its quiz: add one before adding credit lines.</p>
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange(NEW_QUIZ())}>
            Add a quiz
          </button>
        </>
      )}
      <InlineError id={errorId} error={error ?? null} />
    </fieldset>
  );
}
