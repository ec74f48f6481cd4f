/**
 * A library document's fields in the editor (issue 38, ADR 167): ebooks, research papers, newsletters and case studies
 * share title, slug, description and the PDF, uploaded in place (its pages' text goes to search when published); a
 * research paper adds its category, a case study its picture, whether it is featured, and whether it is an
 * illustrative composite (said on its card). Each field's error is beside it.
 */
import type { AuthoringKind } from '../../../domain/authoring';
import { ILLUSTRATIVE_LABEL } from '../../../domain/content';
import { Checkbox } from '../../components/checkbox';
import { Field, InlineError } from '../../components/fields';
import { ChoiceSelect } from '../cpd/choice-select';
import { CATEGORY_CHOICES } from './article-fields';
import type { KindFieldsProps } from './kind-fields-props';
import { UploadField } from './upload-field';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function Flag({ name, label, fields, errors, disabled, onChange }: KindFieldsProps & { name: string; label: string }) {
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <Checkbox isSelected={fields[name] === true} isDisabled={disabled} onChange={(on) => onChange(name, on)} aria-describedby={errors[name] ? errorId : undefined}>
        {label}
      </Checkbox>
      <InlineError id={errorId} error={errors[name] ?? ''} />
    </div>
  );
}

export function DocumentFields(props: KindFieldsProps & { kind: AuthoringKind }) {
  const { kind, fields, errors, disabled, onChange } = props;
  return (
    <form className="article-editor__grid" aria-label="Document" onSubmit={(event) => event.preventDefault()}>
      <Field label="Title" value={text(fields.title)} onChange={(v) => onChange('title', v)} error={errors.title ?? null} isDisabled={disabled} />
      <Field
        label="Slug"
        description="The document's key for the content import: lower-case letters, digits and hyphens."
        value={text(fields.slug)}
        onChange={(v) => onChange('slug', v)}
        error={errors.slug ?? null}
        isDisabled={disabled}
      />
      <Field label="Description" multiline value={text(fields.description)} onChange={(v) => onChange('description', v)} error={errors.description ?? null} isDisabled={disabled} />
      {kind === 'research-papers' && (
        <ChoiceSelect label="Category" value={text(fields.category)} choices={CATEGORY_CHOICES} onChange={(v) => onChange('category', v)} error={errors.category ?? ''} isDisabled={disabled} />
      )}
      <Field label="PDF" description="The uploaded PDF's address." value={text(fields.fileUrl)} onChange={(v) => onChange('fileUrl', v)} error={errors.fileUrl ?? null} isDisabled={disabled} />
      <UploadField label="Upload the PDF" accept="pdf" current={text(fields.fileUrl) || undefined} onUploaded={(uploaded) => onChange('fileUrl', uploaded.url)} />
      {kind === 'case-studies' && (
        <>
          <Field label="Picture" description="A site path or an https address." value={text(fields.imageUrl)} onChange={(v) => onChange('imageUrl', v)} error={errors.imageUrl ?? null} isDisabled={disabled} />
          <UploadField label="Upload a picture" current={text(fields.imageUrl) || undefined} onUploaded={(uploaded) => onChange('imageUrl', uploaded.url)} />
          <Flag {...props} name="featured" label="Featured: shown first, as the page's hero (it takes the mark from the one featured now)" />
          <Flag {...props} name="illustrative" label={`${ILLUSTRATIVE_LABEL}: it draws on many projects and describes none of them (its card says so)`} />
        </>
      )}
    </form>
  );
}
