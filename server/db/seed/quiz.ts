/** The quiz bank from content/quiz/*.json. Filled in by the quiz work. */
import type { ContentModule } from './module';

export const quizContent: ContentModule<null> = {
  name: 'quiz',
  async read() {
    return null;
  },
  async write() {},
};
