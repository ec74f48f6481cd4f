/**
 * A time on a page, in the viewer's zone (issue 41). The server words it in the zone it was set in (a workshop
 * series' own, else UTC), with the zone named; once the page has hydrated the browser words it in the viewer's zone.
 * A series' time that reads differently where the viewer is keeps the series' wording on hover (`title`).
 */
import { formatDateTimeIn } from '../../domain/time-zone';
import { useViewerZone } from '../hooks/use-viewer-zone';

interface LocalTimeProps {
  /** The instant, as an ISO string. */
  iso: string;
  /** The zone the time was set in: a workshop series' own. Without it the server words the time in UTC. */
  zone?: string;
  /** "Tuesday, December 1, 2026 at ..." rather than "December 1, 2026 at ...". */
  weekday?: boolean;
}

export function LocalTime({ iso, zone, weekday = false }: LocalTimeProps) {
  const viewer = useViewerZone();
  const set = zone ?? 'UTC';
  const shown = formatDateTimeIn(iso, viewer ?? set, { weekday });
  const original = zone ? formatDateTimeIn(iso, zone, { weekday }) : shown;
  return (
    // The server's ICU and the browser's may name a zone a little differently; the viewer's wording follows at once.
    <time dateTime={iso} title={original === shown ? undefined : `${original} for the hosts`} suppressHydrationWarning>
      {shown}
    </time>
  );
}

/** The series' wording beside the viewer's, when they differ: " (5:00 PM Greenwich Mean Time for the hosts)". */
export function HostsTime({ iso, zone, weekday = false }: LocalTimeProps & { zone: string }) {
  const viewer = useViewerZone();
  if (!viewer) return null;
  const original = formatDateTimeIn(iso, zone, { weekday });
  if (original === formatDateTimeIn(iso, viewer, { weekday })) return null;
  return <span className="workshop__local"> ({original} for the hosts)</span>;
}
