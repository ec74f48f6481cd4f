/**
 * One multiple-choice question as a react-aria radio group: the question is the group's label, each option a radio
 * with its letter (A, B, …). The topic quiz, the course assessment and an article's quiz draw their questions with it.
 * Its look is in the quiz pages' stylesheet (quiz.css).
 */
import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';

const LETTERS = 'ABCDEFGH';

export function QuizOptions({ label, description, options, selected, onSelect, isDisabled = false }: {
  label: ReactNode;
  /** Said with the group, after its label (an article quiz's "answered wrongly last time"). */
  description?: string;
  options: readonly string[];
  selected: number | null;
  onSelect: (option: number) => void;
  isDisabled?: boolean;
}) {
  return (
    <RadioGroup className="quiz-options" value={selected === null ? null : String(selected)} onChange={(value) => onSelect(Number(value))} isDisabled={isDisabled}>
      <Label className="quiz-question">{label}</Label>
      {description && (
        <Text slot="description" className="quiz-options__note">
          {description}
        </Text>
      )}
      {options.map((option, i) => (
        <Radio key={option} value={String(i)} className="quiz-option">
          <span className="quiz-option__letter" aria-hidden="true">
            {LETTERS[i]}
          </span>
          <span>{option}</span>
        </Radio>
      ))}
    </RadioGroup>
  );
}
