/** The app shell: routes of spec section 2, each page lazily loaded, the guard on protected routes, page-view analytics. */
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import type { AppServices } from '../application/services';
import { Spinner } from './components/states';
import { Footer } from './layout/footer';
import { NavBar } from './layout/nav-bar';
import { RequireAuth } from './layout/require-auth';
import { ABOUT_SLUG } from './routes';
import { ServicesContext, useServices } from './services-context';

const HomePage = lazy(() => import('./pages/home/home-page'));
const LoginPage = lazy(() => import('./pages/auth/login-page'));
const SignupPage = lazy(() => import('./pages/auth/signup-page'));
const ForgotPasswordPage = lazy(() => import('./pages/auth/forgot-password-page'));
const ProfilePage = lazy(() => import('./pages/profile/profile-page'));
const ArticlesPage = lazy(() => import('./pages/articles/articles-page'));
const ArticlePage = lazy(() => import('./pages/articles/article-page'));
const AboutPage = lazy(() => import('./pages/about/about-page'));
const CommunityPage = lazy(() => import('./pages/community/community-page'));
const ContactPage = lazy(() => import('./pages/contact/contact-page'));
const CoursesPage = lazy(() => import('./pages/courses/courses-page'));
const CourseCategoryPage = lazy(() => import('./pages/courses/course-category-page'));
const CourseViewPage = lazy(() => import('./pages/courses/course-view-page'));
const WorkshopsPage = lazy(() => import('./pages/library/workshops-page'));
const EbooksPage = lazy(() => import('./pages/library/ebooks-page'));
const ResearchPapersPage = lazy(() => import('./pages/library/research-papers-page'));
const NewslettersPage = lazy(() => import('./pages/library/newsletters-page'));
const CaseStudiesPage = lazy(() => import('./pages/library/case-studies-page'));
const QuizTopicsPage = lazy(() => import('./pages/quiz/quiz-topics-page'));
const QuizTopicPage = lazy(() => import('./pages/quiz/quiz-topic-page'));
const QuizPlayPage = lazy(() => import('./pages/quiz/quiz-play-page'));
const DiscussionPage = lazy(() => import('./pages/discussion/discussion-page'));
const SectionPage = lazy(() => import('./pages/placeholder/section-page'));
// Toasts are never needed for the first paint; the pages that raise them import sonner themselves.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

type RouteEntry = [path: string, render: () => ReactNode];

const publicRoutes: RouteEntry[] = [
  ['/', () => <HomePage />],
  ['/login', () => <LoginPage />],
  ['/signup', () => <SignupPage />],
  ['/forgot-password', () => <ForgotPasswordPage />],
  ['/articles', () => <ArticlesPage />],
  ['/articles/:id', () => <ArticlePage />],
  ['/sustain-community', () => <CommunityPage />],
  ['/contact', () => <ContactPage />],
  [`/${ABOUT_SLUG}`, () => <AboutPage />],
];

const protectedRoutes: RouteEntry[] = [
  ['/discussion', () => <DiscussionPage />],
  ['/courses', () => <CoursesPage />],
  ['/courses/category/:categoryId', () => <CourseCategoryPage />],
  ['/courses/detail/:categoryId', () => <CourseCategoryPage />],
  ['/courses/view/:courseId', () => <CourseViewPage />],
  ['/courses/:categoryId', () => <CourseCategoryPage />],
  ['/workshops', () => <WorkshopsPage />],
  ['/ebook', () => <EbooksPage />],
  ['/research-papers', () => <ResearchPapersPage />],
  ['/newsletters', () => <NewslettersPage />],
  ['/quiz', () => <QuizTopicsPage />],
  ['/quiz/:categoryId', () => <QuizTopicPage />],
  ['/quiz/:categoryId/:setId', () => <QuizPlayPage />],
  ['/case-studies', () => <CaseStudiesPage />],
  ['/profile', () => <ProfilePage />],
];

function PageViews() {
  const { analytics } = useServices();
  const [location] = useLocation();
  useEffect(() => {
    analytics.pageView(location);
  }, [analytics, location]);
  return null;
}

function ScrollToTop() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

export function App({ services }: { services: AppServices }) {
  return (
    <ServicesContext.Provider value={services}>
      <Router>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <PageViews />
        <ScrollToTop />
        <NavBar />
        <main id="main" tabIndex={-1}>
          <Suspense fallback={<Spinner />}>
            <Switch>
              {publicRoutes.map(([path, render]) => (
                <Route key={path} path={path}>
                  {render()}
                </Route>
              ))}
              {protectedRoutes.map(([path, render]) => (
                <Route key={path} path={path}>
                  <RequireAuth>{render()}</RequireAuth>
                </Route>
              ))}
              <Route>
                <SectionPage title="Page not found" notFound />
              </Route>
            </Switch>
          </Suspense>
        </main>
        <Footer />
        <Suspense fallback={null}>
          <Toaster position="top-right" duration={5000} hotkey={['altKey', 'KeyT']} closeButton />
        </Suspense>
      </Router>
    </ServicesContext.Provider>
  );
}
