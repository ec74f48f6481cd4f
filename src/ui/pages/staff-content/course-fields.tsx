/**
 * A course's fields in the editor (issue 38, ADR 168): its own fields (title, description, category, level, price,
 * thumbnail uploaded in place, pass mark), its objectives, its outline of modules and lessons, and its assessment's
 * questions; each with its error beside it. A draft may be an outline; publishing holds every lesson to the lesson
 * rules and asks for the assessment.
 */
import { COURSE_LEVELS } from '../../../domain/content';
import { Field } from '../../components/fields';
import { ChoiceSelect } from '../cpd/choice-select';
import { CATEGORY_CHOICES } from './article-fields';
import { CourseOutline, type Section } from './course-outline';
import { CourseQuestions, type Question } from './course-questions';
import { CreditLinesField } from './credit-lines-field';
import { UploadField } from './upload-field';

interface Props {
  fields: Record<string, unknown>;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (name: string, value: unknown) => void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberText = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const toNumber = (value: string) => (value.trim() === '' ? null : Number(value));
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const LEVEL_CHOICES = COURSE_LEVELS.map((level) => ({ id: level, label: capital(level) }));

/** A new course starts as a free beginner's outline of one module with one lesson. */
export const NEW_COURSE = {
  slug: '', title: '', description: '', category: 'carbon', level: 'beginner', price: 0, thumbnail: '', credits: [], passPercent: 70,
  objectives: [], sections: [{ title: '', lessons: [{ slug: '', title: '', body: '' }] }], questions: [],
};

export function CourseFields({ fields, errors, disabled, onChange }: Props) {
  const sections = (Array.isArray(fields.sections) ? fields.sections : []) as Section[];
  const questions = (Array.isArray(fields.questions) ? fields.questions : []) as Question[];
  const objectives = Array.isArray(fields.objectives) ? (fields.objectives as string[]) : [];
  return (
    <form className="article-editor__grid" aria-label="Course" onSubmit={(event) => event.preventDefault()}>
      <Field label="Title" value={text(fields.title)} onChange={(v) => onChange('title', v)} error={errors.title ?? null} isDisabled={disabled} />
      <Field
        label="Slug"
        description="The course's key for the content import: lower-case letters, digits and hyphens. Its lessons' addresses are made from it, so a published course keeps it."
        value={text(fields.slug)}
        onChange={(v) => onChange('slug', v)}
        error={errors.slug ?? null}
        isDisabled={disabled}
      />
      <Field label="Description" multiline value={text(fields.description)} onChange={(v) => onChange('description', v)} error={errors.description ?? null} isDisabled={disabled} />
      <ChoiceSelect label="Category" value={text(fields.category)} choices={CATEGORY_CHOICES} onChange={(v) => onChange('category', v)} error={errors.category ?? ''} isDisabled={disabled} />
      <ChoiceSelect label="Level" value={text(fields.level)} choices={LEVEL_CHOICES} onChange={(v) => onChange('level', v)} error={errors.level ?? ''} isDisabled={disabled} />
      <Field label="Price in whole dollars" description="0 for a free course." inputMode="numeric" value={numberText(fields.price)} onChange={(v) => onChange('price', toNumber(v))} error={errors.price ?? null} isDisabled={disabled} />
      <Field label="Thumbnail" description="A site path or an https address." value={text(fields.thumbnail)} onChange={(v) => onChange('thumbnail', v)} error={errors.thumbnail ?? null} isDisabled={disabled} />
      <UploadField label="Upload a thumbnail" current={text(fields.thumbnail) || undefined} onUploaded={(uploaded) => onChange('thumbnail', uploaded.url)} />
      <Field label="Pass mark in percent" description="70 unless a credit's body asks for more." inputMode="numeric" value={numberText(fields.passPercent)} onChange={(v) => onChange('passPercent', toNumber(v))} error={errors.passPercent ?? null} isDisabled={disabled} />
      <Field
        label="Objectives"
        description="One a line: what a learner can do after the course."
        multiline
        value={objectives.join('\n')}
        onChange={(v) => onChange('objectives', v.split('\n').filter((line, i, all) => line.trim() !== '' || i === all.length - 1))}
        error={errors.objectives ?? null}
        isDisabled={disabled}
      />
      <CourseOutline sections={sections} errors={errors} disabled={disabled} onChange={(next) => onChange('sections', next)} />
      <CourseQuestions
        questions={questions}
        lessons={sections.flatMap((s) => s.lessons)}
        error={errors.questions}
        disabled={disabled}
        onChange={(next) => onChange('questions', next)}
      />
      <CreditLinesField value={fields.credits} errors={errors} disabled={disabled} onChange={(lines) => onChange('credits', lines)} />
    </form>
  );
}
