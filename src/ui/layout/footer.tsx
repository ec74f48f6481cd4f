/**
 * The footer: newsletter box (a double opt-in subscribe, issue 36 item 4: the answer asks to confirm by mail), mission, social profiles, about-area section links
 * (scrolling to their ids 100 ms after navigating), learning links, contact details, and the Terms & Conditions and
 * Privacy Policy in a document modal. Below 992px the link groups sit together in one container.
 */
import { type FormEvent, type MouseEvent, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../routes';
import { PartBoundary, retryableLazy } from '../components/retryable-lazy';
import { messageOf } from '../../application/api-error';
import { subscribe } from '../calls';
import { useServices } from '../services-context';
import { DEFAULT_CONTACT, phoneHref } from '../../domain/site';
import { AddressLines } from '../components/address-lines';
import { useSiteContact } from '../hooks/use-site-contact';
import { LEARNING_LINKS } from './nav-links';
import { FooterThemeChoice } from './theme-choice';
import './site-layout.css';

const DocumentModal = retryableLazy(() => import(/* webpackChunkName: "document-modal" */ '../components/document-modal'));

export const NEWSLETTER_SUBSCRIBE_FAILED = 'Could not subscribe. Check your connection, then try again.';

export const DOCUMENT_FAILED = 'The document could not be opened. Check your connection, then try again.';

export const ABOUT_SECTIONS = [
  { id: 'our-mission', label: 'Our Mission' },
  { id: 'our-vision', label: 'Our Vision' },
  { id: 'our-values', label: 'Our Values' },
  { id: 'our-strategy', label: 'Our Strategy' },
] as const;

export const LEGAL_DOCUMENTS = {
  terms: { title: 'Terms & Conditions', url: '/files/legal/terms.pdf' },
  privacy: { title: 'Privacy Policy', url: '/files/legal/privacy.pdf' },
} as const;

/** Spec section 9: the about-section scroll waits 100 ms after navigating; the lazily loaded page may need a moment more. */
export const ABOUT_SCROLL_DELAY_MS = 100;

function scrollToSection(id: string, attemptsLeft = 20) {
  const target = document.getElementById(id);
  if (!target) {
    if (attemptsLeft > 0) window.setTimeout(() => scrollToSection(id, attemptsLeft - 1), ABOUT_SCROLL_DELAY_MS);
    return;
  }
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

const SOCIAL_LINKS = [
  {
    label: 'SustainLearn on LinkedIn',
    href: 'https://www.linkedin.com/company/sustainlearn',
    icon: 'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.83v1.5h.05c.53-.95 1.84-1.95 3.79-1.95 4.05 0 4.83 2.53 4.83 5.82v5.63h-4v-5c0-1.19-.02-2.73-1.72-2.73-1.72 0-1.98 1.3-1.98 2.64v5.09h-4v-11Z',
  },
  {
    label: 'SustainLearn on Instagram',
    href: 'https://www.instagram.com/sustainlearn',
    icon: 'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM12 4c2.6 0 2.9 0 4 .06 2.6.12 3.8 1.36 3.94 3.94.05 1.03.06 1.34.06 3.95s0 2.93-.06 3.96c-.12 2.57-1.33 3.82-3.94 3.94-1.04.05-1.35.06-4 .06s-2.92 0-3.95-.06c-2.62-.12-3.82-1.37-3.94-3.94C4 14.9 4 14.6 4 12s0-2.92.06-3.95C4.18 5.47 5.4 4.18 8 4.06 9.05 4 9.36 4 12 4Zm0-1.8c-2.67 0-3 0-4.05.06-3.57.16-5.56 2.14-5.72 5.72C2.2 9 2.2 9.33 2.2 12s0 3 .06 4.04c.16 3.58 2.14 5.56 5.72 5.73 1.05.05 1.38.06 4.05.06s3 0 4.04-.06c3.57-.16 5.57-2.14 5.72-5.73.05-1.04.06-1.37.06-4.04s0-3-.06-4.05c-.16-3.56-2.14-5.56-5.72-5.72C15 2.2 14.67 2.2 12 2.2Z',
  },
  {
    label: 'SustainLearn on YouTube',
    href: 'https://www.youtube.com/@sustainlearn',
    icon: 'M21.6 7.2a2.5 2.5 0 0 0-1.77-1.77C18.27 5 12 5 12 5s-6.27 0-7.83.43A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.77 1.77C5.73 19 12 19 12 19s6.27 0 7.83-.43a2.5 2.5 0 0 0 1.77-1.77A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3-5.2 3Z',
  },
  {
    label: 'SustainLearn on X',
    href: 'https://x.com/sustainlearn',
    icon: 'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.36 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2Z',
  },
] as const;

function NewsletterForm() {
  const { api, log } = useServices();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    try {
      // The same answer whether or not the address had subscribed: the mail's link confirms it (ADR 139).
      const answer = await subscribe.use((call) => api.call(call, { body: { email: email.trim() } }));
      setStatus({ text: answer.message, failed: false });
      setEmail('');
    } catch (error) {
      log('newsletter subscribe failed', error);
      setStatus({ text: messageOf(error, NEWSLETTER_SUBSCRIBE_FAILED), failed: true });
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="newsletter" onSubmit={submit}>
      <label htmlFor="newsletter-email" className="footer__heading newsletter__label">
        Newsletter
      </label>
      <p className="newsletter__lead">Fresh articles, workshops and research in your inbox, once a month.</p>
      <div className="newsletter__row">
        <input
          id="newsletter-email"
          className="newsletter__input"
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby="newsletter-status"
        />
        <button type="submit" className="button newsletter__button" disabled={sending}>
          Get monthly updates for Free!
        </button>
      </div>
      <p id="newsletter-status" className={status?.failed ? 'newsletter__status newsletter__status--failed' : 'newsletter__status'} role="status">
        {status?.text ?? ''}
      </p>
    </form>
  );
}

export function Footer() {
  const contact = useSiteContact() ?? DEFAULT_CONTACT;
  const [, navigate] = useLocation();
  const [openDocumentKey, setDocument] = useState<keyof typeof LEGAL_DOCUMENTS | null>(null);
  const [loadedModal, setLoadedModal] = useState(false);

  const goToSection = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(paths.about);
    window.setTimeout(() => scrollToSection(id), ABOUT_SCROLL_DELAY_MS);
  };
  const openDocument = (key: keyof typeof LEGAL_DOCUMENTS) => {
    setLoadedModal(true);
    setDocument(key);
  };
  const { notifier } = useServices();
  const documentFailed = () => {
    setLoadedModal(false);
    setDocument(null);
    notifier.error(DOCUMENT_FAILED);
  };

  return (
    <footer className="site-footer">
      <div className="container footer__top">
        <section className="footer__brand" aria-labelledby="footer-mission">
          <h2 id="footer-mission" className="footer__heading">
            Our mission
          </h2>
          <p>
            SustainLearn helps the people who design, build and run our cities learn how to make them low-carbon, healthy
            and good for nature, with practical courses, articles and a community organised around the UN Sustainable
            Development Goals.
          </p>
          <ul className="social" aria-label="SustainLearn on social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a className="social__link" href={link.href} target="_blank" rel="noopener noreferrer">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d={link.icon} fill="currentColor" />
                  </svg>
                  <span className="visually-hidden">{link.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <NewsletterForm />
      </div>
      <div className="container">
        <div className="footer__links">
          <nav aria-labelledby="footer-about">
            <h2 id="footer-about" className="footer__heading">
              About
            </h2>
            <ul>
              {ABOUT_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`${paths.about}#${section.id}`} onClick={(e) => goToSection(e, section.id)}>
                    {section.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-learning">
            <h2 id="footer-learning" className="footer__heading">
              Learning
            </h2>
            <ul>
              {LEARNING_LINKS.map((link) => (
                <li key={link.href}>
                  <Link href={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-community">
            <h2 id="footer-community" className="footer__heading">
              Community
            </h2>
            <ul>
              <li>
                <Link href={paths.community}>Join the community</Link>
              </li>
              <li>
                <Link href={paths.discussion}>Discussions</Link>
              </li>
              <li>
                <Link href={paths.contact}>Contact us</Link>
              </li>
            </ul>
          </nav>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="footer__heading">
              Contact
            </h2>
            <address className="footer__address">
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
              <a href={phoneHref(contact.phone)}>{contact.phone}</a>
              <span>
                <AddressLines lines={contact.addressLines} />
              </span>
            </address>
          </section>
        </div>
      </div>
      <div className="container footer__legal">
        <p>© {new Date().getFullYear()} SustainLearn. Learning for a sustainable built environment.</p>
        <FooterThemeChoice />
        <ul className="footer__legal-links">
          <li>
            <button type="button" className="footer__legal-button" onClick={() => openDocument('terms')}>
              Terms &amp; Conditions
            </button>
          </li>
          <li>
            <button type="button" className="footer__legal-button" onClick={() => openDocument('privacy')}>
              Privacy Policy
            </button>
          </li>
          <li>
            <Link href={paths.accessibility} className="footer__legal-button">
              Accessibility statement
            </Link>
          </li>
        </ul>
      </div>
      {loadedModal && (
        // The dialog's code lost to a dropped connection: the footer says so, and the next press asks for it again.
        <PartBoundary onError={documentFailed}>
          <Suspense fallback={null}>
            <DocumentModal
              title={LEGAL_DOCUMENTS[openDocumentKey ?? 'terms'].title}
              url={LEGAL_DOCUMENTS[openDocumentKey ?? 'terms'].url}
              open={openDocumentKey !== null}
              onOpenChange={(open) => !open && setDocument(null)}
            />
          </Suspense>
        </PartBoundary>
      )}
    </footer>
  );
}
