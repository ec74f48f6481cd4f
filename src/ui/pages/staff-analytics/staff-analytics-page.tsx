/**
 * Staff analytics (issue 36 item 7, ADR 141): the figures of the last 7, 30 or 90 days, each drawn as a chart the
 * server made (a tree of SVG shapes drawn here by React) with its text alternative, and beside it its data table. The
 * range is a link (?days=), so the page works without JavaScript.
 */
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { Chart } from '../../../contract/staff-analytics';
import { ANALYTICS_RANGES, type AnalyticsRange, DEFAULT_RANGE } from '../../../domain/analytics';
import { analytics } from '../../calls';
import { ErrorState, Spinner } from '../../components/states';
import { SvgDrawing } from '../../components/svg-drawing';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { StaffPage } from '../staff/staff-page';
import { CommunityTable, dayLabel, LearningTable, PageViewsTable, QuizTable, SearchTables } from './analytics-tables';
import './staff-analytics.css';

const ROLES = ['moderator', 'editor'] as const;

export function rangeOf(search: string): AnalyticsRange {
  const days = Number(new URLSearchParams(search).get('days'));
  return (ANALYTICS_RANGES as readonly number[]).includes(days) ? (days as AnalyticsRange) : DEFAULT_RANGE;
}

function RangeLinks({ days }: { days: AnalyticsRange }) {
  return (
    <nav className="analytics-ranges" aria-label="Range">
      <ul>
        {ANALYTICS_RANGES.map((range) => (
          <li key={range}>
            <Link href={paths.staffAnalytics(range)} aria-current={range === days ? 'page' : undefined}>
              Last {range} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The shapes are the image's: none is read on its own (an axis tick is no news without the rest). */
const HIDDEN = { 'aria-hidden': 'true' } as const;

/** A chart as an image whose name is its sentence; the sentence is shown under it for everyone who sees it. */
function ChartFigure({ chart }: { chart: Chart }) {
  return (
    <div className="analytics-figure">
      <SvgDrawing className="analytics-chart" drawing={{ width: chart.width, height: chart.height, title: chart.summary, nodes: [{ tag: 'g', attrs: HIDDEN, children: chart.nodes }] }} />
      <p className="analytics-summary" aria-hidden="true">{chart.summary}</p>
    </div>
  );
}

function Part({ id, chart, children }: { id: string; chart: Chart; children: ReactNode }) {
  return (
    <section className="analytics-part" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{chart.title}</h2>
      <div className="analytics-pair">
        <ChartFigure chart={chart} />
        {children}
      </div>
    </section>
  );
}

function Figures({ days }: { days: AnalyticsRange }) {
  const answer = useQuery(analytics, { query: { days } });
  if (answer.status === 'loading') return <Spinner label="Loading the figures..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const figures = answer.data;
  return (
    <>
      <p className="analytics-range-note">
        From {dayLabel(figures.from)} to {dayLabel(figures.to)}, in UTC days. Page views and searches are counts only: nobody who
        viewed or searched is kept.
      </p>
      <Part id="views" chart={figures.pageViews.chart}>
        <PageViewsTable figures={figures.pageViews} />
      </Part>
      <Part id="searches" chart={figures.searches.chart}>
        <SearchTables figures={figures.searches} />
      </Part>
      <Part id="learning" chart={figures.learning.chart}>
        <LearningTable figures={figures.learning} />
      </Part>
      <Part id="quizzes" chart={figures.quizzes.chart}>
        <QuizTable figures={figures.quizzes} />
      </Part>
      <Part id="community" chart={figures.community.chart}>
        <CommunityTable figures={figures.community} />
      </Part>
    </>
  );
}

export default function StaffAnalyticsPage() {
  const days = rangeOf(useSearch());
  return (
    <StaffPage title="Analytics" roles={ROLES}>
      {() => (
        <>
          <RangeLinks days={days} />
          <Figures days={days} />
        </>
      )}
    </StaffPage>
  );
}
