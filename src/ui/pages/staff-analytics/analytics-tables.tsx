/**
 * The data tables beside the analytics charts (ADR 141): each a <table> with its caption and header scopes, in a
 * region that scrolls when it is taller or wider than its place, and that the keyboard can reach to scroll it. A part
 * with nothing to list shows no table: its chart's sentence says so already.
 */
import type { ReactNode } from 'react';
import type { Analytics } from '../../../contract/staff-analytics';
import { PAGE_SECTION_LABELS } from '../../../domain/analytics';
import { EmptyState } from '../../components/states';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sun 29 Nov 2026" from "2026-11-29" ("29 Nov" short), the same on the server and in the browser. */
export function dayLabel(day: string, { weekday = true, year = true } = {}): string {
  const date = new Date(`${day}T00:00:00Z`);
  const text = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}${year ? ` ${date.getUTCFullYear()}` : ''}`;
  return weekday ? `${WEEKDAYS[date.getUTCDay()]} ${text}` : text;
}

const n = (value: number) => value.toLocaleString('en-GB');

function DataTable({ caption, head, rows, tall = false }: { caption: string; head: string[]; rows: ReactNode[][]; tall?: boolean }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to scroll it (WCAG 2.1.1).
    <section className={tall ? 'analytics-table analytics-table-tall' : 'analytics-table'} aria-label={`Table: ${caption}`} tabIndex={0}>
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((label, i) => (
              <th key={label} scope="col" className={i > 0 ? 'number' : undefined}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are in a fixed order and never move.
            <tr key={r}>
              {cells.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are in a fixed order.
                  <th key={i} scope="row">{cell}</th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are in a fixed order.
                  <td key={i} className="number">{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function PageViewsTable({ figures }: { figures: Analytics['pageViews'] }) {
  return (
    <DataTable
      tall
      caption="Page views per day, by section"
      head={['Day', ...figures.sections.map((s) => PAGE_SECTION_LABELS[s]), 'All']}
      rows={[...figures.days].reverse().map((d) => [dayLabel(d.day, { year: false }), ...d.views.map(n), n(d.total)])}
    />
  );
}

export function SearchTables({ figures }: { figures: Analytics['searches'] }) {
  return (
    <div className="analytics-tables">
      {figures.top.length > 0 && (
        <DataTable caption="Top searches" head={['Query', 'Searches']} rows={figures.top.map((q) => [q.query, n(q.searches)])} />
      )}
      {figures.nothingFound.length ? (
        <DataTable caption="Searches that found nothing" head={['Query', 'Searches']} rows={figures.nothingFound.map((q) => [q.query, n(q.searches)])} />
      ) : figures.top.length > 0 ? (
        <EmptyState>Every search in this range found something.</EmptyState>
      ) : null}
    </div>
  );
}

export function LearningTable({ figures }: { figures: Analytics['learning'] }) {
  if (!figures.courses.length) return null;
  return (
    <DataTable
      caption="How far the members who enrolled got"
      head={['Course', 'Enrolled', 'Finished the lessons', 'Passed', 'Certified']}
      rows={figures.courses.map((c) => [c.title, n(c.enrolled), n(c.completedLessons), n(c.passed), n(c.certified)])}
    />
  );
}

export function QuizTable({ figures }: { figures: Analytics['quizzes'] }) {
  if (!figures.topics.length) return null;
  return (
    <DataTable
      caption="Quizzes finished, by topic"
      head={['Topic', 'Quizzes finished', 'Average score']}
      rows={figures.topics.map((t) => [t.title, n(t.attempts), `${t.averageScore}%`])}
    />
  );
}

export function CommunityTable({ figures }: { figures: Analytics['community'] }) {
  return (
    <DataTable
      caption="Community activity per week"
      head={['Week of', 'Posts', 'Comments', 'Likes', 'Active members']}
      rows={[...figures.weeks].reverse().map((w) => [dayLabel(w.week, { weekday: false, year: false }), n(w.posts), n(w.comments), n(w.likes), n(w.activeMembers)])}
    />
  );
}
