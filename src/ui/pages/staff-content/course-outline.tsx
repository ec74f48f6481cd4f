/**
 * A course's outline in the editor (issue 38, ADR 168): its modules in order, each with its lessons, and each lesson's
 * title, slug and body in Markdown (the lesson format of docs/content-format.md). A lesson's problem (a rule it
 * breaks, found when publishing) is shown beside its body. Modules and lessons are added, removed and moved up. A
 * picture uploaded for a lesson goes in at the end of its body with words to replace, as in an article (ADR 173).
 */
import { useId } from 'react';
import { bodyWithPicture, lessonErrorKey } from '../../../domain/authoring';
import { Field, InlineError } from '../../components/fields';
import { UploadField } from './upload-field';

export type Lesson = { slug: string; title: string; body: string };
export type Section = { title: string; lessons: Lesson[] };

interface Props {
  sections: Section[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (sections: Section[]) => void;
}

const BLANK_LESSON: Lesson = { slug: '', title: '', body: '' };
/** The list with the item at `i` moved one place up. */
const up = <T,>(list: T[], i: number): T[] => (i === 0 ? list : [...list.slice(0, i - 1), list[i]!, list[i - 1]!, ...list.slice(i + 1)]);

function LessonFields({ lesson, label, error, disabled, onChange }: { lesson: Lesson; label: string; error: string | undefined; disabled: boolean; onChange: (l: Lesson) => void }) {
  return (
    <>
      <Field label={`${label}: title`} value={lesson.title} onChange={(v) => onChange({ ...lesson, title: v })} isDisabled={disabled} />
      <Field label={`${label}: slug`} value={lesson.slug} onChange={(v) => onChange({ ...lesson, slug: v })} isDisabled={disabled} />
      <Field
        label={`${label}: body (Markdown)`}
        description="Headings from ##, at least one list or table, a '## Key takeaways' list and a '## Sources' list; 250 to 700 words."
        multiline
        value={lesson.body}
        onChange={(v) => onChange({ ...lesson, body: v })}
        error={error ?? null}
        isDisabled={disabled}
      />
      <UploadField
        label={`Upload a picture for ${label.toLowerCase()}`}
        onUploaded={(uploaded) => onChange({ ...lesson, body: bodyWithPicture(lesson.body, uploaded.url) })}
      />
    </>
  );
}

export function CourseOutline({ sections, errors, disabled, onChange }: Props) {
  const errorId = useId();
  const setSection = (i: number, section: Section) => onChange(sections.map((s, j) => (j === i ? section : s)));
  return (
    <fieldset className="workshop-editor__group" aria-describedby={errorId}>
      <legend>Outline</legend>
      {sections.map((section, i) => {
        const module = `Module ${i + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: modules have no id of their own; their order is their identity
          <fieldset key={i} className="workshop-editor__group">
            <legend>{module}</legend>
            <Field label={`${module}: title`} value={section.title} onChange={(v) => setSection(i, { ...section, title: v })} isDisabled={disabled} />
            {section.lessons.map((lesson, k) => {
              const label = `${module}, lesson ${k + 1}`;
              const setLessons = (lessons: Lesson[]) => setSection(i, { ...section, lessons });
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above, for lessons
                <div key={k} className="workshop-editor__row">
                  <LessonFields lesson={lesson} label={label} error={errors[lessonErrorKey(lesson.slug)]} disabled={disabled}
                    onChange={(l) => setLessons(section.lessons.map((x, j) => (j === k ? l : x)))} />
                  <div className="article-editor__actions">
                    {k > 0 && (
                      <button type="button" className="button button--secondary" disabled={disabled} onClick={() => setLessons(up(section.lessons, k))}>
                        Move {label.toLowerCase()} up
                      </button>
                    )}
                    <button type="button" className="button button--secondary" disabled={disabled} onClick={() => setLessons(section.lessons.filter((_, j) => j !== k))}>
                      Remove {label.toLowerCase()}
                    </button>
                  </div>
                </div>
              );
            })}
            <div className="article-editor__actions">
              <button type="button" className="button button--secondary" disabled={disabled} onClick={() => setSection(i, { ...section, lessons: [...section.lessons, BLANK_LESSON] })}>
                Add a lesson to module {i + 1}
              </button>
              {i > 0 && (
                <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange(up(sections, i))}>
                  Move module {i + 1} up
                </button>
              )}
              <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange(sections.filter((_, j) => j !== i))}>
                Remove module {i + 1}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange([...sections, { title: '', lessons: [BLANK_LESSON] }])}>
        Add a module
      </button>
      <InlineError id={errorId} error={errors.sections ?? null} />
    </fieldset>
  );
}
