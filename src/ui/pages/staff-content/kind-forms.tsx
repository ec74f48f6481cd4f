/**
 * Each kind's form in the editor (issue 38, ADR 167): its fields component, the fields a new item starts from, and
 * the word for one item ('New ebook'). A kind not in the map is not edited in the browser yet. The editor and the list
 * read this map only, so adding a kind is a line here and its fields component.
 */
import type { ComponentType } from 'react';
import type { AuthoringKind } from '../../../domain/authoring';
import { ArticleFields } from './article-fields';
import { CourseFields, NEW_COURSE } from './course-fields';
import { DocumentFields } from './document-fields';
import { BannerFields, SlideFields } from './home-fields';
import type { KindFieldsProps } from './kind-fields-props';
import { NEW_WORKSHOP, WorkshopFields } from './workshop-fields';

export interface KindForm {
  Fields: ComponentType<KindFieldsProps>;
  blank: Record<string, unknown>;
  /** One item of the kind, lower case: 'New article', 'Edit ebook'. */
  noun: string;
}

const documentForm = (kind: AuthoringKind, noun: string, extra: Record<string, unknown> = {}): KindForm => ({
  Fields: (props) => <DocumentFields {...props} kind={kind} />,
  blank: { slug: '', title: '', description: '', fileUrl: '', ...extra },
  noun,
});

export const KIND_FORMS: Partial<Record<AuthoringKind, KindForm>> = {
  articles: {
    Fields: ArticleFields,
    blank: { slug: '', title: '', category: 'carbon', description: '', authorId: null, readTime: null, imageUrl: '', featured: false, body: '', quiz: null, credits: [] },
    noun: 'article',
  },
  ebooks: documentForm('ebooks', 'ebook'),
  'research-papers': documentForm('research-papers', 'research paper', { category: 'carbon' }),
  newsletters: documentForm('newsletters', 'newsletter'),
  'case-studies': documentForm('case-studies', 'case study', { imageUrl: '', featured: false, illustrative: false }),
  slides: {
    Fields: SlideFields,
    blank: { slug: '', title: '', description: '', source: '', imageUrl: '', position: 0 },
    noun: 'slide',
  },
  banner: { Fields: BannerFields, blank: { text: '' }, noun: 'banner' },
  workshops: { Fields: WorkshopFields, blank: NEW_WORKSHOP, noun: 'workshop series' },
  courses: { Fields: CourseFields, blank: NEW_COURSE, noun: 'course' },
};
