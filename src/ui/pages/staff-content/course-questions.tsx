/**
 * A course's assessment in the editor (issue 38, ADR 168): 6 to 10 questions, each with four options, the right one,
 * why it is right, and the lesson it is written from.
 */
import { useId } from 'react';
import { Field, InlineError } from '../../components/fields';
import { ChoiceSelect } from '../cpd/choice-select';

export type Question = { question: string; options: string[]; correctIndex: number; explanation: string; lesson: string };

interface Props {
  questions: Question[];
  lessons: { slug: string; title: string }[];
  error: string | undefined;
  disabled: boolean;
  onChange: (questions: Question[]) => void;
}

const OPTIONS = [0, 1, 2, 3];
const RIGHT_CHOICES = OPTIONS.map((o) => ({ id: String(o), label: `Option ${o + 1}` }));

export function CourseQuestions({ questions, lessons, error, disabled, onChange }: Props) {
  const errorId = useId();
  // A lesson is offered once it has a slug (one being written has none yet), each slug once.
  const lessonChoices = [...new Map(lessons.filter((l) => l.slug).map((l) => [l.slug, { id: l.slug, label: l.title || l.slug }])).values()];
  const set = (i: number, q: Question) => onChange(questions.map((x, j) => (j === i ? q : x)));
  return (
    <fieldset className="workshop-editor__group" aria-describedby={errorId}>
      <legend>Assessment</legend>
      <p>A published course needs 6 to 10 questions, each written from one of its lessons.</p>
      {questions.map((q, i) => {
        const label = `Question ${i + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: questions have no id of their own; their order is their identity
          <fieldset key={i} className="workshop-editor__group">
            <legend>{label}</legend>
            <Field label={`${label}: text`} value={q.question} onChange={(v) => set(i, { ...q, question: v })} isDisabled={disabled} />
            {OPTIONS.map((o) => (
              <Field key={o} label={`${label}: option ${o + 1}`} value={q.options[o] ?? ''} isDisabled={disabled}
                onChange={(v) => set(i, { ...q, options: OPTIONS.map((n) => (n === o ? v : (q.options[n] ?? ''))) })} />
            ))}
            <ChoiceSelect label={`${label}: the right option`} value={String(q.correctIndex)} choices={RIGHT_CHOICES} isDisabled={disabled}
              onChange={(v) => v && set(i, { ...q, correctIndex: Number(v) })} />
            <Field label={`${label}: why it is right`} multiline value={q.explanation} onChange={(v) => set(i, { ...q, explanation: v })} isDisabled={disabled} />
            <ChoiceSelect label={`${label}: written from the lesson`} value={q.lesson} choices={lessonChoices} placeholder="Choose a lesson" isDisabled={disabled}
              onChange={(v) => set(i, { ...q, lesson: v })} />
            <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange(questions.filter((_, j) => j !== i))}>
              Remove question {i + 1}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="button button--secondary" disabled={disabled || questions.length >= 10}
        onClick={() => onChange([...questions, { question: '', options: ['', '', '', ''], correctIndex: 0, explanation: '', lesson: '' }])}>
        Add a question
      </button>
      <InlineError id={errorId} error={error ?? null} />
    </fieldset>
  );
}
