import { injectable } from 'inversify';
import type { DraftStore } from '../application/ports';

/** Drafts in localStorage; a full or blocked storage only loses the draft, never the page. */
@injectable()
export class LocalDraftStore implements DraftStore {
  load(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  save(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // ignore
    }
  }
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
  }
}
