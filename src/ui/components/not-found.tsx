/**
 * One design for every "not found" (issue 41 item 13): the page, an article, a certificate, a quiz topic. It says what
 * was not found, what may have happened, and offers the nearest way on and the home page.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../routes';
import './not-found.css';

export function NotFound({ title, children, nearest }: { title: string; children: ReactNode; nearest?: { href: string; label: string } }) {
  return (
    <section className="container page not-found">
      <p className="not-found__code">404</p>
      <h1>{title}</h1>
      <div className="not-found__text">{children}</div>
      <ul className="not-found__ways">
        {nearest && (
          <li>
            <Link href={nearest.href} className="button button--primary">
              {nearest.label}
            </Link>
          </li>
        )}
        <li>
          <Link href={paths.home} className={nearest ? 'button' : 'button button--primary'}>
            Back to the home page
          </Link>
        </li>
      </ul>
    </section>
  );
}
