/**
 * The home page's fields in the editor (issue 38, ADR 167): a landing slide (title, description, source, picture
 * uploaded in place, order) and the sales banner's words. Each field's error is beside it.
 */
import { Field } from '../../components/fields';
import type { KindFieldsProps } from './kind-fields-props';
import { UploadField } from './upload-field';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function SlideFields({ fields, errors, disabled, onChange }: KindFieldsProps) {
  return (
    <form className="article-editor__grid" aria-label="Slide" onSubmit={(event) => event.preventDefault()}>
      <Field label="Title" value={text(fields.title)} onChange={(v) => onChange('title', v)} error={errors.title ?? null} isDisabled={disabled} />
      <Field
        label="Slug"
        description="The slide's key for the content import: lower-case letters, digits and hyphens."
        value={text(fields.slug)}
        onChange={(v) => onChange('slug', v)}
        error={errors.slug ?? null}
        isDisabled={disabled}
      />
      <Field label="Description" multiline value={text(fields.description)} onChange={(v) => onChange('description', v)} error={errors.description ?? null} isDisabled={disabled} />
      <Field label="Source" description="Who the figures or the picture come from." value={text(fields.source)} onChange={(v) => onChange('source', v)} error={errors.source ?? null} isDisabled={disabled} />
      <Field label="Picture" description="A site path or an https address." value={text(fields.imageUrl)} onChange={(v) => onChange('imageUrl', v)} error={errors.imageUrl ?? null} isDisabled={disabled} />
      <UploadField label="Upload a picture" current={text(fields.imageUrl) || undefined} onUploaded={(uploaded) => onChange('imageUrl', uploaded.url)} />
      <Field
        label="Order"
        description="Slides are shown from 0 upwards."
        inputMode="numeric"
        value={typeof fields.position === 'number' ? String(fields.position) : ''}
        onChange={(v) => onChange('position', v.trim() === '' ? null : Number(v))}
        error={errors.position ?? null}
        isDisabled={disabled}
      />
    </form>
  );
}

export function BannerFields({ fields, errors, disabled, onChange }: KindFieldsProps) {
  return (
    <form className="article-editor__grid" aria-label="Sales banner" onSubmit={(event) => event.preventDefault()}>
      <Field
        label="Banner text"
        description="Shown across the top of the home page while published (the newest published banner is shown)."
        multiline
        value={text(fields.text)}
        onChange={(v) => onChange('text', v)}
        error={errors.text ?? null}
        isDisabled={disabled}
      />
    </form>
  );
}
