/**
 * A CPD transcript's public verification page (issue 39 item 5), open to anyone holding its URL or QR code: what was
 * issued (the member's name and number for the body, the period, each activity and the total), never an email. Drawn
 * on the server like the certificate's page; 'Transcript not found' for a code nobody issued.
 */
import { useParams } from 'wouter';
import { ApiError } from '../../../application/api-error';
import { CREDIT_UNITS } from '../../../domain/cpd.schema';
import { NOT_APPROVED } from '../../../domain/credit-lines';
import { formatUsDate } from '../../../domain/text';
import { verifyTranscript } from '../../calls';
import { NotFound } from '../../components/not-found';
import { ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import '../certificates/certificate.css';
import './transcript.css';

const TYPE_LABELS: Record<string, string> = {
  LU: 'LU', 'LU/HSW': 'LU/HSW', general: 'General', 'leed-specific': 'LEED-specific', 'well-specific': 'WELL-specific',
  core: 'Core curriculum', ceu: 'CEU', 'ceu-hsw': 'CEU/HSW',
};

export default function TranscriptPage() {
  const { code = '' } = useParams<{ code: string }>();
  const result = useQuery(verifyTranscript, { params: { code } });
  const transcript = result.status === 'success' ? result.data.transcript : null;
  useDocumentTitle(transcript ? `${transcript.memberName}: ${transcript.bodyName} transcript` : 'Transcript');

  if (result.status === 'loading') return <Spinner label="Checking the transcript..." />;
  if (result.status === 'error') {
    if (result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400)) {
      return (
        <NotFound title="Transcript not found">
          <p>No SustainLearn transcript has this code. Check the link or the code printed on the transcript.</p>
        </NotFound>
      );
    }
    return (
      <div className="container page certificate-page">
        <h1>Transcript</h1>
        <ErrorState error={result.error} />
      </div>
    );
  }
  const t = result.data.transcript;
  const unit = t.unit === 'hours' ? 'hours' : t.unit;
  return (
    <div className="container page certificate-page transcript-page">
      <p className="certificate-page__eyebrow">SustainLearn continuing-education transcript</p>
      <h1>{t.memberName}</h1>
      <p className="certificate-page__status">
        <svg viewBox="0 0 20 20" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Issued by SustainLearn
      </p>
      <dl className="certificate-page__facts">
        <div>
          <dt>Body</dt>
          <dd>{t.bodyName}</dd>
        </div>
        <div>
          <dt>Member number</dt>
          <dd>{t.number}</dd>
        </div>
        <div>
          <dt>Period</dt>
          <dd>
            {t.period.label} (<time dateTime={t.period.start}>{formatUsDate(t.period.start)}</time> to{' '}
            <time dateTime={t.period.end}>{formatUsDate(t.period.end)}</time>)
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            {t.total} {unit}
          </dd>
        </div>
        <div>
          <dt>Issued</dt>
          <dd>
            <time dateTime={t.issuedAt}>{formatUsDate(t.issuedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Transcript code</dt>
          <dd className="certificate-page__id">{t.code}</dd>
        </div>
      </dl>
      {t.notes.length > 0 && (
        <ul className="transcript-page__notes">
          {t.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <h2>Activities</h2>
      {t.activities.length === 0 ? (
        <p>No activity is recorded for this period.</p>
      ) : (
        <div className="transcript-page__table">
          <table>
            <thead>
              <tr>
                <th scope="col">Activity</th>
                <th scope="col">Course number</th>
                <th scope="col">Date</th>
                <th scope="col">Credit</th>
                <th scope="col">Type</th>
              </tr>
            </thead>
            <tbody>
              {t.activities.map((a) => (
                <tr key={`${a.title}|${a.earnedOn}|${a.type}|${a.amount}|${a.courseNumber ?? ''}`}>
                  <th scope="row">
                    {a.title}
                    {a.selfReported && <span className="transcript-page__self"> (self-reported)</span>}
                  </th>
                  <td>{a.courseNumber ?? NOT_APPROVED}</td>
                  <td>
                    <time dateTime={a.earnedOn}>{formatUsDate(a.earnedOn)}</time>
                  </td>
                  <td>
                    {a.amount} {CREDIT_UNITS[t.body] === 'hours' ? 'h' : CREDIT_UNITS[t.body]}
                  </td>
                  <td>{TYPE_LABELS[a.type] ?? a.type}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="certificate-page__note">
        This page shows the transcript as SustainLearn issued it on {formatUsDate(t.issuedAt)}. A course number is the one
        the body gave the activity; an activity without one is {NOT_APPROVED}, and the member reports it to the body
        themselves.
      </p>
    </div>
  );
}
