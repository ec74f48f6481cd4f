/** Articles from content/articles/*.html (JSON header comment + HTML body). Filled in by the public-site work. */
import type { ContentModule } from './module';

export const articleContent: ContentModule<null> = {
  name: 'articles',
  async read() {
    return null;
  },
  async write() {},
};
