/** The eight content sections the navigation search box filters, by title, case-insensitively. */
export const SEARCH_SECTIONS = [
  { title: 'Articles/Blogs', path: '/articles' },
  { title: 'eBooks', path: '/ebook' },
  { title: 'Online Courses', path: '/courses' },
  { title: 'Quizzes/Challenges', path: '/quiz' },
  { title: 'Case Studies', path: '/case-studies' },
  { title: 'Workshops', path: '/workshops' },
  { title: 'Research Papers', path: '/research-papers' },
  { title: 'Newsletters', path: '/newsletters' },
] as const;

export function filterSections(query: string) {
  const q = query.trim().toLowerCase();
  return SEARCH_SECTIONS.filter((s) => s.title.toLowerCase().includes(q));
}
