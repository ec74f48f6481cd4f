/**
 * 'Preview' (issue 38 item 4, ADR 157): the item drawn by its public page's own view, from its saved fields, marked as
 * a preview. Staff only: the preview call refuses anyone else (403), and the page says so.
 */
import { Link, useParams } from 'wouter';
import type { Article } from '../../../domain/content';
import { ErrorState, Spinner } from '../../components/states';
import { previewContent } from '../../calls';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { ArticleView } from '../articles/article-page';
import { StaffPage } from '../staff/staff-page';
import { EDITORS } from '../staff-workshops/roles';
import { CoursePreview, WorkshopPreview } from './kind-previews';
import './staff-content.css';

function Preview({ kind, id }: { kind: string; id: string }) {
  const answer = useQuery(previewContent, { params: { kind: kind as 'articles', id } });
  if (answer.status === 'loading') return <Spinner label="Loading the preview..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  return (
    <>
      <p className="preview-banner" role="status">
        Preview: this is how the page will look once published. Only staff can see it.{' '}
        <Link href={paths.staffContentItem(kind, id)}>Back to the editor</Link>
      </p>
      {kind === 'workshops' ? (
        <WorkshopPreview page={answer.data.page as never} />
      ) : kind === 'courses' ? (
        <CoursePreview page={answer.data.page as never} />
      ) : (
        <ArticleView article={answer.data.page as unknown as Article} />
      )}
    </>
  );
}

export default function StaffContentPreviewPage() {
  const { kind = 'articles', id = '' } = useParams<{ kind: string; id: string }>();
  return <StaffPage title="Preview" roles={EDITORS}>{() => <Preview kind={kind} id={id} />}</StaffPage>;
}
