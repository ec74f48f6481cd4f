/**
 * An article's fields in the editor (issue 38): each with its error beside it, the cover image uploaded in place, and
 * the Markdown body beside its preview, rendered by marked (the server's renderer) and cleaned by the public pages'
 * sanitiser (safe-html), so the preview shows what the page will. Below the body, the article's own quiz and the credit
 * lines passing it earns (ADRs 171 and 176): lines without a quiz are refused beside the credit lines.
 */
import { marked } from 'marked';
import { useMemo } from 'react';
import { CONTENT_CATEGORIES } from '../../../domain/content';
import { readTimeMinutes } from '../../../domain/text';
import { bodyWithPicture } from '../../../domain/authoring';
import { Field } from '../../components/fields';
import { SafeHtml } from '../../components/safe-html';
import { ChoiceSelect } from '../cpd/choice-select';
import { ArticleQuizField } from './article-quiz-field';
import { CreditLinesField } from './credit-lines-field';
import { UploadField } from './upload-field';

export const CATEGORY_CHOICES = CONTENT_CATEGORIES.map((c) => ({ id: c.id, label: c.label }));
const EDITORIAL_KEY = 'editorial-team';

interface Props {
  fields: Record<string, unknown>;
  errors: Record<string, string>;
  authors: { id: string; name: string }[];
  disabled: boolean;
  onChange: (name: string, value: unknown) => void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function ArticleFields({ fields, errors, authors, disabled, onChange }: Props) {
  const body = text(fields.body);
  const html = useMemo(() => marked.parse(body, { gfm: true, async: false }) as string, [body]);
  const computed = readTimeMinutes(html);
  return (
    <form className="article-editor__grid" aria-label="Article" onSubmit={(event) => event.preventDefault()}>
      <Field label="Title" value={text(fields.title)} onChange={(v) => onChange('title', v)} error={errors.title ?? null} isDisabled={disabled} />
      <Field
        label="Slug"
        description="The article's key for the content import: lower-case letters, digits and hyphens."
        value={text(fields.slug)}
        onChange={(v) => onChange('slug', v)}
        error={errors.slug ?? null}
        isDisabled={disabled}
      />
      <ChoiceSelect label="Category" value={text(fields.category)} choices={CATEGORY_CHOICES} onChange={(v) => onChange('category', v)} error={errors.category ?? ''} isDisabled={disabled} />
      <Field label="Description" multiline value={text(fields.description)} onChange={(v) => onChange('description', v)} error={errors.description ?? null} isDisabled={disabled} />
      {/* The editorial team is the author's empty id; a picker's key cannot be empty, so it has its own. */}
      <ChoiceSelect
        label="Author"
        value={text(fields.authorId) || EDITORIAL_KEY}
        choices={authors.map((a) => ({ id: a.id || EDITORIAL_KEY, label: a.name }))}
        onChange={(v) => onChange('authorId', v === EDITORIAL_KEY || v === '' ? null : v)}
        error={errors.authorId ?? ''}
        isDisabled={disabled}
      />
      <Field
        label="Read time in minutes"
        description={`Computed from the body: ${computed} min. Leave empty to use it.`}
        value={typeof fields.readTime === 'number' ? String(fields.readTime) : ''}
        onChange={(v) => onChange('readTime', v.trim() === '' ? null : Number(v))}
        error={errors.readTime ?? null}
        isDisabled={disabled}
        inputMode="numeric"
      />
      <Field label="Cover image" description="A site path or an https address." value={text(fields.imageUrl)} onChange={(v) => onChange('imageUrl', v)} error={errors.imageUrl ?? null} isDisabled={disabled} />
      <UploadField label="Upload a cover image" current={text(fields.imageUrl) || undefined} onUploaded={(uploaded) => onChange('imageUrl', uploaded.url)} />
      <div className="article-editor__body">
        <Field label="Body (Markdown)" multiline value={body} onChange={(v) => onChange('body', v)} error={errors.body ?? null} isDisabled={disabled} />
        {/* A picture in the body goes in at its end, with words to replace: the article is refused until they are. */}
        <UploadField
          label="Upload a picture for the body"
          onUploaded={(uploaded) => onChange('body', bodyWithPicture(body, uploaded.url))}
        />
        <section aria-labelledby="body-preview-heading">
          <h2 id="body-preview-heading">Body preview</h2>
          <SafeHtml className="prose article-editor__preview" html={html} profile="article" />
        </section>
      </div>
      <ArticleQuizField value={fields.quiz} error={errors.quiz} disabled={disabled} onChange={(quiz) => onChange('quiz', quiz)} />
      <CreditLinesField value={fields.credits} errors={errors} disabled={disabled} onChange={(lines) => onChange('credits', lines)} />
    </form>
  );
}
