/**
 * The credit lines of a course or workshop series in the editor (issues 38 and 39, ADR 171): per line the body, the
 * amount and type the body grants, the LEED credential or RIBA topic where the type asks for one, and the body's
 * course number, left empty until the body approves the course (the line then says "not approved by this body").
 * Each line is read back as the public page will show it; an amount keeps the text typed ("0." on the way to 0.25).
 */
import { useId, useState } from 'react';
import { CPD_BODIES, CPD_BODY_NAMES, CREDIT_TYPES, type CpdBody, type CreditLine, type CreditType, LEED_CREDENTIALS, RIBA_CORE_TOPICS } from '../../../domain/cpd.schema';
import { TYPE_NAMES } from '../../../domain/cpd';
import { creditLineProblem, creditLineText } from '../../../domain/credit-lines';
import { Field, InlineError } from '../../components/fields';
import { ChoiceSelect } from '../cpd/choice-select';

const BODY_CHOICES = CPD_BODIES.map((id) => ({ id, label: CPD_BODY_NAMES[id] }));
const asList = (value: unknown): CreditLine[] => (Array.isArray(value) ? (value as CreditLine[]) : []);
const NEW_LINE: CreditLine = { body: 'aia', amount: 1, type: 'LU', courseNumber: null };

/** A line whose body changed keeps its amount and number, takes the body's first type, and drops what no longer fits. */
function withBody(line: CreditLine, body: CpdBody): CreditLine {
  const { bodyName: _name, credential: _credential, topic: _topic, ...rest } = line;
  return { ...rest, body, type: CREDIT_TYPES[body][0], ...(body === 'other' ? { bodyName: '' } : {}) };
}

function withType(line: CreditLine, type: CreditType): CreditLine {
  const { credential, topic, ...rest } = line;
  return { ...rest, type, ...(type === 'leed-specific' && credential ? { credential } : {}), ...(type === 'core' && topic ? { topic } : {}) };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const textOf = (amount: number) => (Number.isFinite(amount) ? String(amount) : '');

/**
 * An amount typed as text: "0." and "0.2" are kept as typed on the way to 0.25 (drawn from the number, they became
 * "0"). An amount changed elsewhere (another version taken) replaces the text.
 */
function AmountField({ label, amount, disabled, onChange }: { label: string; amount: number; disabled: boolean; onChange: (amount: number) => void }) {
  const [text, setText] = useState(() => textOf(amount));
  const typed = numberOf(text);
  const shown = Object.is(typed, amount) ? text : textOf(amount);
  return (
    <Field label={label} inputMode="decimal" value={shown} isDisabled={disabled}
      onChange={(value) => {
        setText(value);
        onChange(numberOf(value));
      }} />
  );
}

function LineFields({ line, n, disabled, onChange }: {
  line: CreditLine; n: number; disabled: boolean; onChange: (line: CreditLine) => void;
}) {
  const problem = creditLineProblem(line);
  return (
    <>
      <ChoiceSelect label={`Body of line ${n}`} value={line.body} choices={BODY_CHOICES} isDisabled={disabled}
        onChange={(body) => onChange(withBody(line, body as CpdBody))} />
      {line.body === 'other' && (
        <Field label={`Name of the body of line ${n}`} value={line.bodyName ?? ''} isDisabled={disabled} maxLength={120}
          onChange={(bodyName) => onChange({ ...line, bodyName })} />
      )}
      <AmountField label={`Amount of line ${n}`} amount={line.amount} disabled={disabled} onChange={(amount) => onChange({ ...line, amount })} />
      <ChoiceSelect label={`Type of line ${n}`} value={line.type} isDisabled={disabled}
        choices={CREDIT_TYPES[line.body].map((id) => ({ id, label: TYPE_NAMES[id] }))} onChange={(type) => onChange(withType(line, type as CreditType))} />
      {line.type === 'leed-specific' && (
        <ChoiceSelect label={`LEED credential of line ${n}`} value={line.credential ?? ''} isDisabled={disabled}
          choices={LEED_CREDENTIALS.map((id) => ({ id, label: id }))} onChange={(credential) => onChange({ ...line, credential: credential as CreditLine['credential'] })} />
      )}
      {line.type === 'core' && (
        <ChoiceSelect label={`Core-curriculum topic of line ${n}`} value={line.topic ?? ''} isDisabled={disabled}
          choices={RIBA_CORE_TOPICS.map((id) => ({ id, label: id }))} onChange={(topic) => onChange({ ...line, topic: topic as CreditLine['topic'] })} />
      )}
      <Field label={`Course number of line ${n}`} value={line.courseNumber ?? ''} isDisabled={disabled} maxLength={60}
        description="The number the body gave this course. Leave it empty until the body approves it."
        onChange={(value) => onChange({ ...line, courseNumber: value.trim() === '' ? null : value })} />
      <p className="credit-lines__reads">{problem ? `Not yet right: ${problem}` : `Reads: ${creditLineText(line)}`}</p>
    </>
  );
}

export function CreditLinesField({ value, errors, disabled, onChange }: {
  value: unknown; errors: Record<string, string>; disabled: boolean; onChange: (lines: CreditLine[]) => void;
}) {
  const lines = asList(value);
  const errorId = useId();
  return (
    <fieldset className="workshop-editor__group credit-lines" aria-describedby={errorId}>
      <legend>Continuing-education credit</legend>
      {lines.length === 0 && <p>No credit lines: members earn no credit for this.</p>}
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own; their order is their identity
        <div key={i} className="workshop-editor__row credit-lines__line">
          <LineFields line={line} n={i + 1} disabled={disabled} onChange={(next) => onChange(lines.map((l, j) => (j === i ? next : l)))} />
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange(lines.filter((_, j) => j !== i))}>
            Remove credit line {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange([...lines, NEW_LINE])}>
        Add a credit line
      </button>
      <InlineError id={errorId} error={errors.credits ?? null} />
    </fieldset>
  );
}
