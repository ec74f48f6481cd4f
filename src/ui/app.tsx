/** The app shell: routes of spec section 2, each page lazily loaded, the guard on protected routes, page-view analytics. */
import { type ComponentType, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Toaster } from 'sonner';
import { matchRoute, Route, Router, Switch, useLocation, useRouter } from 'wouter';
import { FOCUS_HEADING_AFTER_LOAD } from '../application/ports';
import type { AppServices } from '../application/services';
import { Spinner } from './components/states';
import { handTypingToTheApp } from './components/typed-before-live';
import { SiteContactProvider } from './hooks/use-site-contact';
import { Footer } from './layout/footer';
import { NavBar } from './layout/nav-bar';
import { retryableLazy as lazy } from './components/retryable-lazy';
import { PageBoundary } from './layout/page-boundary';
import { RequireAuth } from './layout/require-auth';
import { PreloadContext, type PreloadStore, clientPreload } from './preload';
import { type PageName, ROUTE_TABLE } from './route-table';
import { ServicesContext, useServices } from './services-context';
import { markLive } from './when-idle';

/** A page's chunk, which renders once what the page's `ready()` waits for (when it has one) is here (ADR 104, 115). */
function lazyPage(load: () => Promise<{ default: ComponentType; ready?: () => Promise<unknown> }>): ComponentType {
  return lazy(() => load().then(async (page) => {
    await page.ready?.();
    return page;
  }));
}

// One chunk per page, named after it: the build preloads a page's chunk from the route table (rspack.config.ts).
const PAGE_COMPONENTS: Record<PageName, ComponentType> = {
  // The home page hydrates once its carousels' code is here too (lazy-part.tsx): it is live only when all of it is.
  home: lazyPage(() => import(/* webpackChunkName: "page-home" */ './pages/home/home-page')),
  login: lazy(() => import(/* webpackChunkName: "page-login" */ './pages/auth/login-page')),
  signup: lazy(() => import(/* webpackChunkName: "page-signup" */ './pages/auth/signup-page')),
  'forgot-password': lazy(() => import(/* webpackChunkName: "page-forgot-password" */ './pages/auth/forgot-password-page')),
  profile: lazy(() => import(/* webpackChunkName: "page-profile" */ './pages/profile/profile-page')),
  notifications: lazy(() => import(/* webpackChunkName: "page-notifications" */ './pages/notifications/notifications-page')),
  articles: lazy(() => import(/* webpackChunkName: "page-articles" */ './pages/articles/articles-page')),
  article: lazy(() => import(/* webpackChunkName: "page-article" */ './pages/articles/article-page')),
  about: lazy(() => import(/* webpackChunkName: "page-about" */ './pages/about/about-page')),
  community: lazy(() => import(/* webpackChunkName: "page-community" */ './pages/community/community-page')),
  contact: lazy(() => import(/* webpackChunkName: "page-contact" */ './pages/contact/contact-page')),
  accessibility: lazy(() => import(/* webpackChunkName: "page-accessibility" */ './pages/accessibility/accessibility-page')),
  offline: lazy(() => import(/* webpackChunkName: "page-offline" */ './pages/offline/offline-page')),
  search: lazy(() => import(/* webpackChunkName: "page-search" */ './pages/search/search-page')),
  courses: lazy(() => import(/* webpackChunkName: "page-courses" */ './pages/courses/courses-page')),
  'course-category': lazy(() => import(/* webpackChunkName: "page-course-category" */ './pages/courses/course-category-page')),
  'course-view': lazy(() => import(/* webpackChunkName: "page-course-view" */ './pages/courses/course-view-page')),
  'course-lesson': lazy(() => import(/* webpackChunkName: "page-course-lesson" */ './pages/courses/course-lesson-page')),
  'course-assessment': lazy(() => import(/* webpackChunkName: "page-course-assessment" */ './pages/courses/course-assessment-page')),
  learning: lazy(() => import(/* webpackChunkName: "page-learning" */ './pages/learning/learning-page')),
  member: lazy(() => import(/* webpackChunkName: "page-member" */ './pages/members/member-page')),
  'staff-home': lazy(() => import(/* webpackChunkName: "page-staff-home" */ './pages/staff/home-page')),
  'staff-inbox': lazy(() => import(/* webpackChunkName: "page-staff-inbox" */ './pages/staff/inbox-page')),
  'staff-roles': lazy(() => import(/* webpackChunkName: "page-staff-roles" */ './pages/staff/roles-page')),
  'staff-audit': lazy(() => import(/* webpackChunkName: "page-staff-audit" */ './pages/staff/audit-page')),
  'staff-workshops': lazy(() => import(/* webpackChunkName: "page-staff-workshops" */ './pages/staff-workshops/workshops-page')),
  'staff-workshop': lazy(() => import(/* webpackChunkName: "page-staff-workshop" */ './pages/staff-workshops/session-page')),
  'staff-content': lazy(() => import(/* webpackChunkName: "page-staff-content" */ './pages/staff-content/content-page')),
  'staff-content-item': lazy(() => import(/* webpackChunkName: "page-staff-content-item" */ './pages/staff-content/editor-page')),
  'staff-content-preview': lazy(() => import(/* webpackChunkName: "page-staff-content-preview" */ './pages/staff-content/preview-page')),
  'staff-moderation': lazy(() => import(/* webpackChunkName: "page-staff-moderation" */ './pages/staff-moderation/moderation-page')),
  'staff-members': lazy(() => import(/* webpackChunkName: "page-staff-members" */ './pages/staff-members/staff-members-page')),
  'staff-member': lazy(() => import(/* webpackChunkName: "page-staff-member" */ './pages/staff-members/staff-member-page')),
  'cpd-transcript': lazy(() => import(/* webpackChunkName: "page-cpd-transcript" */ './pages/cpd-transcript/transcript-page')),
  'staff-cpd': lazy(() => import(/* webpackChunkName: "page-staff-cpd" */ './pages/staff-cpd/staff-cpd-page')),
  certificate: lazy(() => import(/* webpackChunkName: "page-certificate" */ './pages/certificates/certificate-page')),
  workshops: lazy(() => import(/* webpackChunkName: "page-workshops" */ './pages/library/workshops-page')),
  workshop: lazy(() => import(/* webpackChunkName: "page-workshop" */ './pages/workshops/workshop-page')),
  ebooks: lazy(() => import(/* webpackChunkName: "page-ebooks" */ './pages/library/ebooks-page')),
  'research-papers': lazy(() => import(/* webpackChunkName: "page-research-papers" */ './pages/library/research-papers-page')),
  newsletters: lazy(() => import(/* webpackChunkName: "page-newsletters" */ './pages/library/newsletters-page')),
  newsletter: lazy(() => import(/* webpackChunkName: "page-newsletter" */ './pages/newsletter/newsletter-page')),
  'newsletter-confirm': lazy(() => import(/* webpackChunkName: "page-newsletter-confirm" */ './pages/newsletter/newsletter-confirm-page')),
  'newsletter-unsubscribe': lazy(() => import(/* webpackChunkName: "page-newsletter-unsubscribe" */ './pages/newsletter/newsletter-unsubscribe-page')),
  'staff-newsletter': lazy(() => import(/* webpackChunkName: "page-staff-newsletter" */ './pages/newsletter/newsletter-console-page')),
  'staff-newsletter-issue': lazy(() => import(/* webpackChunkName: "page-staff-newsletter-issue" */ './pages/newsletter/newsletter-issue-page')),
  'case-studies': lazy(() => import(/* webpackChunkName: "page-case-studies" */ './pages/library/case-studies-page')),
  'quiz-topics': lazy(() => import(/* webpackChunkName: "page-quiz-topics" */ './pages/quiz/quiz-topics-page')),
  'quiz-topic': lazy(() => import(/* webpackChunkName: "page-quiz-topic" */ './pages/quiz/quiz-topic-page')),
  'quiz-play': lazy(() => import(/* webpackChunkName: "page-quiz-play" */ './pages/quiz/quiz-play-page')),
  'staff-analytics': lazy(() => import(/* webpackChunkName: "page-staff-analytics" */ './pages/staff-analytics/staff-analytics-page')),
  // The discussion page's selects use Intl as they render: the browser's ICU data loads first, in a task of its own.
  discussion: lazyPage(() => import(/* webpackChunkName: "page-discussion" */ './pages/discussion/discussion-page')),
  'discussion-post': lazy(() => import(/* webpackChunkName: "page-discussion-post" */ './pages/discussion/post-page')),
  bookmarks: lazy(() => import(/* webpackChunkName: "page-bookmarks" */ './pages/bookmarks/bookmarks-page')),
  cpd: lazy(() => import(/* webpackChunkName: "page-cpd" */ './pages/cpd/cpd-page')),
};
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ './pages/not-found/not-found-page'));


/**
 * Marks the document once the page's own part is live (hydrated, or rendered): it sits in the page's Suspense boundary,
 * so its effect runs only when the page itself has. End-to-end tests wait for it before they interact.
 * The words typed into the server's fields before the first page was live reach the app then (typed-before-live.ts).
 */
function Live() {
  const { goLive } = useServices();
  useEffect(() => {
    handTypingToTheApp();
    document.documentElement.dataset.live = '';
    markLive();
    goLive?.();
  }, [goLive]);
  return null;
}

function PageViews() {
  const { analytics } = useServices();
  const [location] = useLocation();
  useEffect(() => {
    analytics.pageView(location);
  }, [analytics, location]);
  return null;
}

/**
 * A route change (not the first load): the page scrolls to the top, the focus moves to its h1 once the page has
 * rendered it (unless the page already placed the focus itself), and a polite live region says the new title, as a
 * full page load would for a screen reader.
 */
/** Where a reader's own focus is, that a late route change must not take: a field, an open menu, dialog or list. */
const READERS_OWN_FOCUS = 'input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"], [role="listbox"]';

/** Whether the page loaded asks once for the focus on its heading (FOCUS_HEADING_AFTER_LOAD), forgetting it. */
function takeHeadingFocusRequest(): boolean {
  try {
    const asked = window.sessionStorage.getItem(FOCUS_HEADING_AFTER_LOAD);
    if (asked === null) return false;
    window.sessionStorage.removeItem(FOCUS_HEADING_AFTER_LOAD);
    return asked === window.location.pathname;
  } catch {
    return false;
  }
}

function RouteChange() {
  const [location] = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    window.scrollTo(0, 0);
    const loaded = first.current;
    if (loaded) {
      first.current = false;
      // A first load is read from the top, unless the page before asked for its heading (finishing signup, ADR 164).
      if (!takeHeadingFocusRequest()) return;
    }
    const main = document.getElementById('main');
    // What was there when the route changed: the old page may stay on screen for a few frames while the new one loads.
    // A page just loaded has no old page: its heading, drawn by the server already, is the new one.
    const before = document.activeElement;
    const oldHeading = loaded ? null : (main?.querySelector<HTMLElement>('h1') ?? null);
    const oldText = oldHeading?.textContent ?? '';
    const started = performance.now();
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      const active = document.activeElement;
      // The new page moved the focus itself (a lesson's heading, a wizard's field), or the reader went on while a slow
      // page was still loading, to a field (the search box in the bar) or into a menu or dialog they opened: leave it.
      const moved = active !== before && active !== main && active !== document.body;
      const placed = moved && (!!main?.contains(active) || !!active?.closest(READERS_OWN_FOCUS));
      const heading = main?.querySelector<HTMLElement>('h1') ?? null;
      const fresh = heading !== null && (heading !== oldHeading || heading.textContent !== oldText);
      if (!placed && fresh) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      if (placed || fresh || performance.now() - started > 3000) {
        // The page sets its title in an effect after it renders: say it once that has run.
        timer = setTimeout(() => setAnnouncement(document.title), 150);
        return;
      }
      frame = requestAnimationFrame(settle);
    };
    frame = requestAnimationFrame(settle);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [location]);
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {announcement}
    </p>
  );
}

/**
 * A page that cannot render (its code lost to a dropped connection) says so in its place, with "Try again".
 *
 * Each route has a Suspense boundary of its own making (ADR 195): a page that is left is unmounted at once, its effects
 * undone. With one boundary for every route, a page whose code or data was still on its way kept the page being left
 * mounted, hidden, until it arrived, and that page's effects with it: a dialog that navigates when it is done (deleting
 * an account) kept the bar and the footer `aria-hidden` for screen readers while the next page loaded.
 */
function Pages({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { parser } = useRouter();
  // The route the Switch below picks: the table's first pattern that matches, or the page that is not found.
  const route = ROUTE_TABLE.find(({ path }) => matchRoute(parser, path, location)[0])?.path ?? '*';
  return (
    <PageBoundary location={location}>
      <Suspense key={route} fallback={<Spinner />}>
        {children}
      </Suspense>
    </PageBoundary>
  );
}

/** Where the server renders: the URL, and what the render found (a redirect, a missing page). */
export interface RenderLocation {
  path: string;
  search: string;
  context: { redirectTo?: string };
  status: number;
}

const NO_PRELOAD = clientPreload(null);

export function App({ services, preload = NO_PRELOAD, at }: { services: AppServices; preload?: PreloadStore; at?: RenderLocation }) {
  return (
    <ServicesContext.Provider value={services}>
     <PreloadContext.Provider value={preload}>
     <SiteContactProvider>
      <Router {...(at ? { ssrPath: at.path, ssrSearch: at.search, ssrContext: at.context } : {})}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <PageViews />
        <RouteChange />
        <NavBar />
        <main id="main" tabIndex={-1}>
          <Pages>
            <Switch>
              {ROUTE_TABLE.map(({ path, page, signedIn }) => {
                const Page = PAGE_COMPONENTS[page];
                return (
                  <Route key={path} path={path}>
                    {signedIn ? (
                      <RequireAuth>
                        <Page />
                      </RequireAuth>
                    ) : (
                      <Page />
                    )}
                  </Route>
                );
              })}
              <Route>
                <NotFoundPage {...(at ? { onRender: () => { at.status = 404; } } : {})} />
              </Route>
            </Switch>
            <Live />
          </Pages>
        </main>
        <Footer />
        {/* Part of the shell, hydrated with it: a toast raised as a page comes alive (a quiz that does not exist) must
            find the Toaster listening, which a lazily loaded one was not yet. */}
        <Toaster position="top-right" duration={5000} hotkey={['altKey', 'KeyT']} closeButton />
      </Router>
     </SiteContactProvider>
     </PreloadContext.Provider>
    </ServicesContext.Provider>
  );
}
