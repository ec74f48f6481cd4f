/** Courses, workshops and library documents (PDFs generated at import). Filled in by the learning-library work. */
import type { ContentModule } from './module';

export const courseContent: ContentModule<null> = {
  name: 'courses',
  async read() {
    return null;
  },
  async write() {},
};
