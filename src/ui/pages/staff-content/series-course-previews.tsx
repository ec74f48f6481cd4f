/**
 * Previews of a workshop series and of a course (issue 38, ADR 168), drawn from the preview call's data with the
 * public pages' own parts: a series as its sessions' page shows it, with the sessions its schedule will make; a course
 * as its page lists it, and each lesson as the lesson page draws it (or the rule that keeps it from being published).
 */
import type { WorkshopDetail } from '../../../domain/workshops';
import { formatWorkshopTime } from '../../../domain/workshops';
import { SafeHtml } from '../../components/safe-html';
import { WorkshopDetails } from '../workshops/workshop-details';
import '../workshops/workshop.css';

export function WorkshopPreview({ page }: { page: WorkshopDetail & { sessions: string[] } }) {
  return (
    <article className="container page workshop" aria-labelledby="workshop-title">
      <div className="workshop__hero">
        <img className="workshop__image" src={page.imageUrl} alt="" width={800} height={450} />
        <div className="workshop__summary">
          <p className="courses-eyebrow">Live online workshop</p>
          <h1 id="workshop-title">{page.title}</h1>
          <dl className="workshop__facts">
            <div>
              <dt>Duration</dt>
              <dd>{page.duration} minutes</dd>
            </div>
            <div>
              <dt>Seats</dt>
              <dd>{page.capacity}</dd>
            </div>
          </dl>
          <h2>The next sessions</h2>
          {page.sessions.length ? (
            <ul>
              {page.sessions.map((s) => (
                <li key={s}>
                  <time dateTime={s}>{formatWorkshopTime(s)}</time> ({formatWorkshopTime(s, page.timeZone)} for the hosts)
                </li>
              ))}
            </ul>
          ) : (
            <p>The schedule makes no session in the next 90 days.</p>
          )}
        </div>
      </div>
      <WorkshopDetails workshop={page} />
    </article>
  );
}

interface CoursePage {
  title: string;
  description: string;
  level: string;
  duration: number;
  objectives: { _id: string; description: string }[];
  sections: { _id: string; title: string; content: { _id: string; title: string; duration: number }[] }[];
  lessons: { slug: string; title: string; html: string | null; problem: string | null }[];
  questions: number;
}

export function CoursePreview({ page }: { page: CoursePage }) {
  return (
    <article className="container page" aria-labelledby="course-title">
      <h1 id="course-title">{page.title}</h1>
      <p>{page.description}</p>
      <p>
        {page.level.charAt(0).toUpperCase() + page.level.slice(1)} · {page.duration} minutes of reading · {page.questions} assessment questions
      </p>
      <h2>What you will learn</h2>
      <ul>
        {page.objectives.map((o) => (
          <li key={o._id}>{o.description}</li>
        ))}
      </ul>
      <h2>Course outline</h2>
      <ol>
        {page.sections.map((s) => (
          <li key={s._id}>
            {s.title}
            <ol>
              {s.content.map((l) => (
                <li key={l._id}>
                  {l.title} ({l.duration} min)
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
      {page.lessons.map((l) => (
        <section key={l.slug} aria-label={`Lesson: ${l.title}`}>
          <h2>Lesson: {l.title}</h2>
          {l.html ? (
            <SafeHtml html={l.html} className="rich-text lesson-text" profile="lesson" />
          ) : (
            <p className="form__error">Not ready to publish: {l.problem}</p>
          )}
        </section>
      ))}
    </article>
  );
}
