/** What the discussion end-to-end files share: opening the page, choosing a topic, and finding a post or a comment. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export const unique = () => Math.random().toString(36).slice(2, 8);

export async function openDiscussion(page: Page) {
  await page.goto('/discussion');
  await expect(page.getByRole('heading', { level: 1, name: 'Community Discussions' })).toBeVisible();
  await expect(page.getByText('Loading discussions...')).toBeHidden();
}

/** Picks a goal and one of its subcategories in the sidebar. */
export async function chooseInSidebar(page: Page, goal: string, subcategory: string) {
  const sidebar = page.getByRole('navigation', { name: 'SDG categories' });
  await sidebar.getByRole('button', { name: goal }).click();
  await sidebar.getByRole('button', { name: subcategory, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: `${goal} › ${subcategory}` })).toBeVisible();
  await expect(page.getByText('Loading discussions...')).toBeHidden();
}

export const postCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
/** A comment's own box (not its replies), found by author and text. */
export const commentBox = (scope: Locator, author: string, text: string) =>
  scope.locator('.comment__body').filter({ has: scope.page().getByText(author, { exact: true }) }).filter({ hasText: text });
