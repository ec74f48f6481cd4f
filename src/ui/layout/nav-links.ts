/** The learning links shared by the nav bar, its dropdown and the footer, and the current-page test for links. */
import { useLocation } from 'wouter';
import { paths } from '../routes';

/**
 * The spec's five learning links, then the rest of the library (workshops, research papers, newsletters), which a
 * first walk could otherwise reach only through search.
 */
export const LEARNING_LINKS = [
  { label: 'Articles/Blogs', href: paths.articles },
  { label: 'eBooks', href: paths.ebooks },
  { label: 'Online Courses', href: paths.courses },
  { label: 'Quizzes/Challenges', href: paths.quiz },
  { label: 'Case Studies', href: paths.caseStudies },
  { label: 'Workshops', href: paths.workshops },
  { label: 'Research Papers', href: paths.researchPapers },
  { label: 'Newsletters', href: paths.newsletters },
] as const;

export function useCurrent() {
  const [location] = useLocation();
  return (href: string) => (location === href || location.startsWith(`${href}/`) ? ('page' as const) : undefined);
}
