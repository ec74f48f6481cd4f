/**
 * A calendar file for one workshop session (RFC 5545): UID, DTSTAMP, DTSTART and DTEND in UTC, the workshop page as
 * the URL (the join link itself is only shown there, from 15 minutes before the start), and a display alarm 30 minutes
 * before. A session moved by staff keeps its UID with a higher SEQUENCE; a cancelled one is METHOD:CANCEL. Lines end in CRLF and are folded at 75 octets.
 */
export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  startsAt: Date;
  durationMinutes: number;
  url: string;
  stamp: Date;
  /** Raised by every change staff make (a move, a cancel): a calendar replaces the event it holds with the same UID. */
  sequence?: number;
  /** CANCEL: the event is called off (issue 38); PUBLISH otherwise. */
  method?: 'PUBLISH' | 'CANCEL';
}

/** 20261203T170000Z */
const utc = (d: Date) => `${d.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
const escapeText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line into lines of at most 75 octets, continuation lines starting with a space (RFC 5545 3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function renderIcs(event: CalendarEvent): string {
  const end = new Date(event.startsAt.getTime() + event.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SustainLearn//Workshops//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method ?? 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    ...(event.method === 'CANCEL' ? ['STATUS:CANCELLED'] : []),
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'LOCATION:Online (the join link is on the workshop page from 15 minutes before the start)',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(`${event.title} starts in 30 minutes`)}`,
    'TRIGGER:-PT30M',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
