import { Link } from 'wouter';
import { paths } from '../../routes';
import { courseErrorText } from './course-text';

/** A course that could not be loaded: 'Course not found' or 'Failed to fetch course', and the way back. */
export function CourseLoadError({ error, message }: { error?: Error; message?: string }) {
  return (
    <div className="container page">
      <h1>Course</h1>
      <p className="error-state" role="alert">
        {message ?? courseErrorText(error)}
      </p>
      <p>
        <Link href={paths.courses}>Back to all courses</Link>
      </p>
    </div>
  );
}
