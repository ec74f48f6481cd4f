/**
 * One body on /cpd: the member's number, the period (switchable), the requirement as meters with their numbers in text,
 * what is still missing, the transcript downloads and the entries.
 */
import { useState } from 'react';
import { Button, Label, Meter } from 'react-aria-components';
import { toast } from 'sonner';
import { messageOf } from '../../../application/api-error';
import { saveTranscript } from '../../../application/cpd-files';
import type { BodyLedger } from '../../../contract/cpd';
import { creditLabel, longDate } from '../../../domain/cpd';
import { aiaGraceSentences } from '../../../domain/cpd-aia';
import { useServices } from '../../services-context';
import { ChoiceSelect } from './choice-select';

function unitText(unit: string, amount: number) {
  return unit === 'hours' ? (amount === 1 ? 'hour' : 'hours') : unit;
}

export function BodyLedgerCard({ ledger, switching, onPeriod }: { ledger: BodyLedger; switching: boolean; onPeriod: (period: string) => void }) {
  const { api, files, clock } = useServices();
  const today = new Date(clock.now()).toISOString().slice(0, 10);
  const graceSentences = ledger.grace ? aiaGraceSentences(ledger.grace, ledger.period, today) : [];
  const [saving, setSaving] = useState<'pdf' | 'csv' | null>(null);
  const headingId = `cpd-${ledger.body}-${ledger.bodyName.replace(/\W+/g, '-').toLowerCase()}`;

  const download = async (kind: 'pdf' | 'csv') => {
    setSaving(kind);
    try {
      await saveTranscript(api, files, ledger.body, ledger.period.id, kind);
    } catch (failure) {
      toast.error(messageOf(failure, 'Could not make the transcript. Please try again.'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="card cpd-body" aria-labelledby={headingId} aria-busy={switching || undefined}>
      <div className="card__body">
        <header className="cpd-body__head">
          <div>
            <h2 id={headingId}>{ledger.bodyName}</h2>
            <p className="card__meta">Number {ledger.number}</p>
          </div>
          <ChoiceSelect label="Period" className="cpd-body__period" value={ledger.period.id} isDisabled={switching}
            choices={ledger.periods.map((p) => ({ id: p.id, label: p.label }))} onChange={(id) => id && id !== ledger.period.id && onPeriod(id)} />
        </header>
        <p className="cpd-body__dates">
          {longDate(ledger.period.start)} to {longDate(ledger.period.end)}
          {ledger.period.graceEnd && <> · credit for this year can be added until {longDate(ledger.period.graceEnd)}</>}
        </p>

        {ledger.requirement.length === 0 ? (
          <p>This body publishes no requirement we know of: your entries are listed below.</p>
        ) : (
          <div className="cpd-meters">
            {ledger.requirement.map((part) => {
              const text = `${part.earned} of ${part.required} ${unitText(part.unit, part.required)}`;
              return (
                <Meter key={part.key} className="cpd-meter" value={Math.min(part.earned, part.required)} maxValue={part.required} valueLabel={text}>
                  {({ percentage }) => (
                    <>
                      <div className="cpd-meter__labels">
                        <Label>{part.key === 'total' ? 'Total' : part.label}</Label>
                        <span className="cpd-meter__value">{text}</span>
                      </div>
                      <div className="cpd-meter__track">
                        <div className={`cpd-meter__fill${part.earned >= part.required ? ' cpd-meter__fill--met' : ''}`} style={{ width: `${percentage}%` }} />
                      </div>
                    </>
                  )}
                </Meter>
              );
            })}
          </div>
        )}
        {ledger.carriedOver > 0 && <p className="cpd-body__note">Includes {ledger.carriedOver} LU carried over from the year before.</p>}
        {graceSentences.map((sentence) => (
          <p key={sentence} className="cpd-body__note">
            {sentence}
          </p>
        ))}
        {ledger.missing.length > 0 ? (
          <div className="cpd-missing">
            <h3>Still missing</h3>
            <ul>
              {ledger.missing.map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
            </ul>
          </div>
        ) : (
          ledger.requirement.length > 0 && <p className="cpd-met">Requirement met for this period.</p>
        )}

        <div className="cpd-body__actions">
          <Button className="button" onPress={() => download('pdf')} isDisabled={saving !== null}>
            {saving === 'pdf' ? 'Making the PDF...' : `Transcript PDF`}
          </Button>
          <Button className="button" onPress={() => download('csv')} isDisabled={saving !== null}>
            {saving === 'csv' ? 'Making the CSV...' : 'Transcript CSV'}
          </Button>
        </div>

        <h3>Entries</h3>
        {ledger.entries.length === 0 ? (
          <p>No credit in this period yet.</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; its region takes the focus so a keyboard can scroll it.
          <section className="cpd-table-wrap" tabIndex={0} aria-label={`${ledger.bodyName} entries`}>
            <table className="cpd-table">
              <caption className="visually-hidden">{`${ledger.bodyName} entries, ${ledger.period.label}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Activity</th>
                  <th scope="col">Date</th>
                  <th scope="col">Credit</th>
                  <th scope="col">Course number</th>
                </tr>
              </thead>
              <tbody>
                {ledger.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      {entry.title}
                      <span className="cpd-table__source">
                        {entry.selfReported ? `Self-reported · ${entry.provider}` : entry.provider}
                        {entry.evidenceUrl && (
                          <>
                            {' · '}
                            <a href={entry.evidenceUrl} target="_blank" rel="noopener">
                              Evidence<span className="visually-hidden"> for {entry.title} (opens in a new tab)</span>
                            </a>
                          </>
                        )}
                      </span>
                    </td>
                    <td>{longDate(entry.earnedOn)}</td>
                    <td>{creditLabel(ledger.body, entry.amount, entry.type)}</td>
                    <td>{entry.courseNumber ?? 'Not approved by this body'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </section>
  );
}
