/**
 * A certificate's public verification page (issue 13), open to anyone: the learner's name, the course, the hours and
 * the date with 'Valid'; 'Revoked' without a name once its member deleted their account (ADR 131); or 'Certificate
 * not found'. Its title and description suit a shared link (server/render/page-head.ts says the same).
 */
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { ApiError } from '../../../application/api-error';
import { verifyCertificate } from '../../calls';
import { formatUsDate } from '../../../domain/text';
import { CreditLines } from '../../components/credit-lines';
import { NotFound } from '../../components/not-found';
import { ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import './certificate.css';

/** The page's meta description, for link previews. */
function useMetaDescription(text: string) {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const before = meta.content;
    meta.content = text;
    return () => {
      meta.content = before;
    };
  }, [text]);
}

export default function CertificatePage() {
  const { id = '' } = useParams<{ id: string }>();
  const result = useQuery(verifyCertificate, { params: { id } });
  const certificate = result.status === 'success' ? result.data.certificate : null;
  useDocumentTitle(!certificate ? 'Certificate' : certificate.valid ? `${certificate.learnerName}: ${certificate.courseTitle} certificate` : 'Revoked certificate');
  useMetaDescription(
    !certificate
      ? 'Verify a SustainLearn certificate of completion.'
      : certificate.valid
        ? `${certificate.learnerName} completed ${certificate.courseTitle} on SustainLearn (${certificate.hours.toFixed(1)} hours), ${formatUsDate(certificate.issuedAt)}. Valid certificate.`
        : `This SustainLearn certificate of ${certificate.courseTitle} was revoked on ${formatUsDate(certificate.revokedAt)}.`,
  );

  if (result.status === 'loading') return <Spinner label="Checking the certificate..." />;
  if (result.status === 'error') {
    if (result.error instanceof ApiError && result.error.status === 404) {
      return (
        <NotFound title="Certificate not found">
          <p>No SustainLearn certificate has this id. Check the link or the id on the certificate.</p>
        </NotFound>
      );
    }
    return (
      <div className="container page certificate-page">
        <h1>Certificate</h1>
        <ErrorState error={result.error} />
      </div>
    );
  }
  const c = result.data.certificate;
  if (!c.valid) {
    return (
      <div className="container page certificate-page">
        <p className="certificate-page__eyebrow">SustainLearn certificate of completion</p>
        <h1>Revoked certificate</h1>
        <p className="certificate-page__status certificate-page__status--revoked">Revoked</p>
        <dl className="certificate-page__facts">
          <div>
            <dt>Course</dt>
            <dd>{c.courseTitle}</dd>
          </div>
          <div>
            <dt>Revoked</dt>
            <dd>
              <time dateTime={c.revokedAt}>{formatUsDate(c.revokedAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Certificate ID</dt>
            <dd className="certificate-page__id">{c._id}</dd>
          </div>
        </dl>
        <p className="certificate-page__note">This certificate is no longer valid: its holder closed their SustainLearn account.</p>
      </div>
    );
  }
  return (
    <div className="container page certificate-page">
      <p className="certificate-page__eyebrow">SustainLearn certificate of completion</p>
      <h1>{c.learnerName}</h1>
      <p className="certificate-page__status">
        <svg viewBox="0 0 20 20" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Valid
      </p>
      <dl className="certificate-page__facts">
        <div>
          <dt>Course</dt>
          <dd>{c.courseTitle}</dd>
        </div>
        <div>
          <dt>Learning</dt>
          <dd>{c.hours.toFixed(1)} hours</dd>
        </div>
        {c.credits.length > 0 && (
          <div>
            <dt>Continuing-education credit</dt>
            <dd>
              <CreditLines credits={c.credits} label="Credit recorded on this certificate" />
            </dd>
          </div>
        )}
        <div>
          <dt>Issued</dt>
          <dd>
            <time dateTime={c.issuedAt}>{formatUsDate(c.issuedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Certificate ID</dt>
          <dd className="certificate-page__id">{c._id}</dd>
        </div>
      </dl>
      <p className="certificate-page__note">
        The learner completed every lesson of the course and passed its assessment. Open Badges credentials issued with
        this certificate can be checked offline with SustainLearn's public key at <a href="/.well-known/jwks.json">/.well-known/jwks.json</a>.
      </p>
    </div>
  );
}
