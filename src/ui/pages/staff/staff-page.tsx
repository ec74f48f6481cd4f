/**
 * The frame of every staff console page (issue 36): the console's navigation (the sections this member may open) and
 * the page's heading. A member who holds none of the page's roles reads that the page is not for them; the server
 * refuses the page's calls the same way (403), so nothing staff-only is fetched for them.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { mayAct, NOT_STAFF, type StaffRole } from '../../../domain/staff';
import { ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { myRoles } from '../../calls';
import { paths } from '../../routes';
import { STAFF_SECTIONS } from './staff-sections';
import './staff.css';

function StaffNav({ held }: { held: readonly StaffRole[] }) {
  const [location] = useLocation();
  const sections = STAFF_SECTIONS.filter((section) => mayAct(held, section.roles));
  return (
    <nav className="staff-nav" aria-label="Staff console">
      <ul>
        {sections.map((section) => (
          <li key={section.href}>
            <Link href={section.href} aria-current={location === section.href ? 'page' : undefined}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `children` is a function so that nothing of the page (its queries included) runs for someone it is not for. */
export function StaffPage({ title, roles, children }: { title: string; roles: readonly StaffRole[]; children: (held: readonly StaffRole[]) => ReactNode }) {
  const answer = useQuery(myRoles);
  useDocumentTitle(title);
  if (answer.status === 'loading') {
    return (
      <section className="container page">
        <Spinner label="Loading the staff console..." />
      </section>
    );
  }
  if (answer.status === 'error') {
    return (
      <section className="container page">
        <h1>{title}</h1>
        <ErrorState error={answer.error} />
      </section>
    );
  }
  const held = answer.data.roles;
  if (!mayAct(held, roles)) {
    return (
      <section className="container page staff-refusal">
        <h1>{title}</h1>
        <p>{NOT_STAFF}</p>
        <p>
          <Link href={paths.home}>Back to the home page</Link>
        </p>
      </section>
    );
  }
  return (
    <div className="container page staff-console">
      <StaffNav held={held} />
      <section className="staff-main" aria-labelledby="staff-heading">
        <h1 id="staff-heading" tabIndex={-1}>
          {title}
        </h1>
        {children(held)}
      </section>
    </div>
  );
}
