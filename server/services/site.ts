/** The small writes and reads of the site itself: feedback, page views, stored documents. */
import type { Db } from '../data/client';
import { insertFeedback } from '../data/feedback';
import { type FileRow, findFile } from '../data/files';
import { countPageView } from '../data/page-views';
import { notFound } from './errors';

export class SiteService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  submitFeedback(entry: { name: string; email: string; mobile: string; feedback: string }): Promise<void> {
    return insertFeedback(this.db, entry);
  }

  /** Counts a view of a path (its query string dropped) for today, in UTC. */
  recordPageView(path: string): Promise<void> {
    const day = new Date(this.now()).toISOString().slice(0, 10);
    return countPageView(this.db, path.split('?')[0]!.slice(0, 300), day);
  }

  async file(path: string): Promise<FileRow> {
    const file = await findFile(this.db, path);
    if (!file) throw notFound('File not found');
    return file;
  }
}
