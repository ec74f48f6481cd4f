import type { ReactNode } from 'react';

/** The band that opens a section page: an eyebrow, the page's one h1 and a lead paragraph (`before` goes above them). */
export function PageIntro({ eyebrow, title, lead, before }: { eyebrow: string; title: ReactNode; lead: ReactNode; before?: ReactNode }) {
  return (
    <header className="page-intro">
      <div className="container">
        {before}
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="page-intro__lead">{lead}</p>
      </div>
    </header>
  );
}
