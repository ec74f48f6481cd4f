import { categoryLabel } from '../../../domain/content';
import { coverSources } from '../../components/picture-sources';
import { DEFAULT_COURSE_THUMBNAIL } from './course-text';

/** A course's thumbnail, or the default image when it has none or it fails to load. */
export function CourseThumbnail({ thumbnail, category, className }: { thumbnail: string; category: string; className?: string }) {
  return (
    <img
      className={className}
      {...coverSources(thumbnail || DEFAULT_COURSE_THUMBNAIL, 'card')}
      alt={`${categoryLabel(category)} course illustration`}
      width={800}
      height={450}
      loading="lazy"
      onError={(event) => {
        const image = event.currentTarget;
        if (image.src.endsWith(DEFAULT_COURSE_THUMBNAIL)) return;
        image.removeAttribute('srcset');
        image.src = DEFAULT_COURSE_THUMBNAIL;
      }}
    />
  );
}
