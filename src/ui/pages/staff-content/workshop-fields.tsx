/**
 * A workshop series' fields in the editor (issue 38, ADR 168): what it covers, its picture (uploaded in place), join
 * link, length and seats, its schedule rule in its own time zone, hosts, agenda (with the minutes it adds up to) and
 * what to prepare; each with its error beside it. Single sessions are moved or cancelled in the staff workshops
 * console; the schedule makes them.
 */
import { useId } from 'react';
import { EDITORIAL_TEAM } from '../../../domain/authoring';
import { WEEKDAYS } from '../../../domain/workshops';
import { Field, InlineError } from '../../components/fields';
import { ChoiceSelect } from '../cpd/choice-select';
import { CreditLinesField } from './credit-lines-field';
import { UploadField } from './upload-field';

interface Props {
  fields: Record<string, unknown>;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (name: string, value: unknown) => void;
}

type Schedule = Record<string, unknown> & { kind?: string };
type Host = { name: string; role: string };
type AgendaItem = { minutes: number; item: string };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberText = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const toNumber = (value: string) => (value.trim() === '' ? null : Number(value));
/** A textarea's lines as a list: blank lines go, but the one being started at the end stays so Enter makes a line. */
const linesOf = (value: string) => value.split('\n').filter((line, i, all) => line.trim() !== '' || i === all.length - 1);
const WEEKS: [string, string][] = [['1', 'First'], ['2', 'Second'], ['3', 'Third'], ['4', 'Fourth'], ['-1', 'Last']];
const capital = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

/** A new series' schedule of each kind, keeping the time and time zone already chosen. */
function scheduleOf(kind: string, from: Schedule): Schedule {
  const timeZone = text(from.timeZone) || 'Europe/London';
  const time = text(from.time) || '17:00';
  if (kind === 'monthly') return { kind, week: 1, weekday: text(from.weekday) || 'tuesday', time, timeZone };
  if (kind === 'weekly') return { kind, weekday: text(from.weekday) || 'tuesday', every: 1, from: new Date().toISOString().slice(0, 10), time, timeZone };
  return { kind: 'dates', dates: [], timeZone };
}

/** A schedule's choice (react-aria Select, like every choice in the console); its problems are the group's. */
function Select({ label, value, options, disabled, onChange }: {
  label: string; value: string; options: [string, string][]; disabled: boolean; onChange: (value: string) => void;
}) {
  const choices = options.map(([id, text]) => ({ id, label: text }));
  return <ChoiceSelect label={label} value={value} choices={choices} isDisabled={disabled} onChange={(v) => v && onChange(v)} />;
}

function ScheduleFields({ schedule, error, disabled, onChange }: { schedule: Schedule; error: string | undefined; disabled: boolean; onChange: (s: Schedule) => void }) {
  const errorId = useId();
  const set = (name: string, value: unknown) => onChange({ ...schedule, [name]: value });
  const kind = schedule.kind ?? 'monthly';
  const days = WEEKDAYS.map((d): [string, string] => [d, capital(d)]);
  return (
    <fieldset className="workshop-editor__group" aria-describedby={errorId}>
      <legend>Schedule</legend>
      <Select label="Repeats" value={kind} disabled={disabled} onChange={(k) => onChange(scheduleOf(k, schedule))}
        options={[['monthly', 'Monthly, on a weekday of the month'], ['weekly', 'Every few weeks, on a weekday'], ['dates', 'On chosen dates']]} />
      {kind === 'monthly' && (
        <>
          <Select label="Week of the month" value={String(schedule.week ?? 1)} disabled={disabled} options={WEEKS} onChange={(v) => set('week', Number(v))} />
          <Select label="Weekday" value={text(schedule.weekday)} disabled={disabled} options={days} onChange={(v) => set('weekday', v)} />
        </>
      )}
      {kind === 'weekly' && (
        <>
          <Select label="Weekday" value={text(schedule.weekday)} disabled={disabled} options={days} onChange={(v) => set('weekday', v)} />
          <Field label="Every how many weeks" inputMode="numeric" value={numberText(schedule.every)} onChange={(v) => set('every', toNumber(v))} isDisabled={disabled} />
          <Field label="Counted from (a date like 2026-12-03)" value={text(schedule.from)} onChange={(v) => set('from', v)} isDisabled={disabled} />
        </>
      )}
      {kind === 'dates' ? (
        <Field
          label="Dates and times"
          description="One a line, in the series' time zone, like 2026-12-03T17:00."
          multiline
          value={Array.isArray(schedule.dates) ? (schedule.dates as string[]).join('\n') : ''}
          onChange={(v) => set('dates', linesOf(v))}
          isDisabled={disabled}
        />
      ) : (
        <Field label="Local start time (like 17:00)" value={text(schedule.time)} onChange={(v) => set('time', v)} isDisabled={disabled} />
      )}
      <Field label="Time zone" description="An IANA time zone, like Europe/London or America/New_York." value={text(schedule.timeZone)} onChange={(v) => set('timeZone', v)} isDisabled={disabled} />
      <InlineError id={errorId} error={error ?? null} />
    </fieldset>
  );
}

/** A list of rows (hosts, agenda items) with Add and Remove; each row's inputs are named by its number. */
function Rows<T>({ legend, noun, add, rows, blank, error, disabled, onChange, render, summary }: {
  legend: string; noun: string; add: string; rows: T[]; blank: T; error: string | undefined; disabled: boolean; onChange: (rows: T[]) => void;
  render: (row: T, n: number, set: (row: T) => void) => React.ReactNode; summary?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="workshop-editor__group" aria-describedby={errorId}>
      <legend>{legend}</legend>
      {summary && <p>{summary}</p>}
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their order is their identity
        <div key={i} className="workshop-editor__row">
          {render(row, i + 1, (next) => onChange(rows.map((r, j) => (j === i ? next : r))))}
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove {noun} {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange([...rows, blank])}>
        {add}
      </button>
      <InlineError id={errorId} error={error ?? null} />
    </fieldset>
  );
}

/** Who may host (issue 38 item 5, ADR 173): a real person who has agreed to, or the editorial team; never a persona. */
const HOST_HELP = `A real person who has agreed to host, as they sign their name, or ${EDITORIAL_TEAM}.`;

/** A new series starts from these: the editorial team hosts, a monthly schedule in London. */
export const NEW_WORKSHOP = {
  slug: '', title: '', description: '', audience: '', imageUrl: '', joinUrl: '', duration: 60, capacity: 30,
  schedule: { kind: 'monthly', week: 1, weekday: 'tuesday', time: '17:00', timeZone: 'Europe/London' },
  hosts: [{ name: EDITORIAL_TEAM, role: '' }], agenda: [{ minutes: 60, item: '' }], prepare: [], credits: [],
};

export function WorkshopFields({ fields, errors, disabled, onChange }: Props) {
  const hosts = (Array.isArray(fields.hosts) ? fields.hosts : []) as Host[];
  const agenda = (Array.isArray(fields.agenda) ? fields.agenda : []) as AgendaItem[];
  const prepare = Array.isArray(fields.prepare) ? (fields.prepare as string[]) : [];
  const planned = agenda.reduce((sum, a) => sum + (Number.isFinite(a.minutes) ? a.minutes : 0), 0);
  return (
    <form className="article-editor__grid" aria-label="Workshop series" onSubmit={(event) => event.preventDefault()}>
      <Field label="Title" value={text(fields.title)} onChange={(v) => onChange('title', v)} error={errors.title ?? null} isDisabled={disabled} />
      <Field
        label="Slug"
        description="The series' key for the content import: lower-case letters, digits and hyphens."
        value={text(fields.slug)}
        onChange={(v) => onChange('slug', v)}
        error={errors.slug ?? null}
        isDisabled={disabled}
      />
      <Field label="Description" multiline value={text(fields.description)} onChange={(v) => onChange('description', v)} error={errors.description ?? null} isDisabled={disabled} />
      <Field label="Who it is for" multiline value={text(fields.audience)} onChange={(v) => onChange('audience', v)} error={errors.audience ?? null} isDisabled={disabled} />
      <Field label="Picture" description="A site path or an https address." value={text(fields.imageUrl)} onChange={(v) => onChange('imageUrl', v)} error={errors.imageUrl ?? null} isDisabled={disabled} />
      <UploadField label="Upload a picture" current={text(fields.imageUrl) || undefined} onUploaded={(uploaded) => onChange('imageUrl', uploaded.url)} />
      <Field label="Join link" description="The https address registered members join from." value={text(fields.joinUrl)} onChange={(v) => onChange('joinUrl', v)} error={errors.joinUrl ?? null} isDisabled={disabled} />
      <Field label="Duration in minutes" inputMode="numeric" value={numberText(fields.duration)} onChange={(v) => onChange('duration', toNumber(v))} error={errors.duration ?? null} isDisabled={disabled} />
      <Field label="Seats" inputMode="numeric" value={numberText(fields.capacity)} onChange={(v) => onChange('capacity', toNumber(v))} error={errors.capacity ?? null} isDisabled={disabled} />
      <ScheduleFields schedule={(fields.schedule ?? {}) as Schedule} error={errors.schedule} disabled={disabled} onChange={(s) => onChange('schedule', s)} />
      <Rows<Host>
        legend="Hosts" noun="host" add="Add a host" rows={hosts} blank={{ name: '', role: '' }} error={errors.hosts} disabled={disabled} onChange={(rows) => onChange('hosts', rows)}
        render={(host, n, set) => (
          <>
            <Field label={`Host ${n}: name`} description={HOST_HELP} value={host.name} onChange={(v) => set({ ...host, name: v })} isDisabled={disabled} />
            <Field label={`Host ${n}: what they do`} value={host.role} onChange={(v) => set({ ...host, role: v })} isDisabled={disabled} />
          </>
        )}
      />
      <Rows<AgendaItem>
        legend="Agenda" noun="agenda item" add="Add an agenda item" rows={agenda} blank={{ minutes: 10, item: '' }} error={errors.agenda} disabled={disabled} onChange={(rows) => onChange('agenda', rows)}
        summary={`Adds up to ${planned} of ${numberText(fields.duration) || '?'} minutes.`}
        render={(item, n, set) => (
          <>
            <Field label={`Item ${n}: minutes`} inputMode="numeric" value={numberText(item.minutes)} onChange={(v) => set({ ...item, minutes: toNumber(v) as number })} isDisabled={disabled} />
            <Field label={`Item ${n}: what happens`} value={item.item} onChange={(v) => set({ ...item, item: v })} isDisabled={disabled} />
          </>
        )}
      />
      <Field
        label="What to prepare"
        description="One thing a line."
        multiline
        value={prepare.join('\n')}
        onChange={(v) => onChange('prepare', linesOf(v))}
        error={errors.prepare ?? null}
        isDisabled={disabled}
      />
      <CreditLinesField value={fields.credits} errors={errors} disabled={disabled} onChange={(lines) => onChange('credits', lines)} />
    </form>
  );
}
