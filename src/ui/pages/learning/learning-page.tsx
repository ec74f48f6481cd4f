/**
 * My learning (issue 13): courses in progress with their bars and 'Continue', completed courses with the certificate
 * (its page, the PDF and the Open Badges credential), my workshops (issue 15: upcoming with Cancel, and past ones),
 * and the quiz history. A certificate issued under an email address is reissued under the member's name when the page
 * loads; a member with no name is asked for one first (ADR 131).
 */
import { KeptList } from '../offline/kept-list';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { messageOf } from '../../../application/api-error';
import { saveCertificatePdf, saveCredential } from '../../../application/certificate-files';
import { cancelWorkshopPlace } from '../../../application/workshop-places';
import { listAttempts, myLearning, myWorkshops } from '../../calls';
import { categoryLabel } from '../../../domain/content';
import type { LearningCourse } from '../../../domain/learning';
import { formatUsDate } from '../../../domain/text';
import type { MyWorkshop } from '../../../domain/workshops';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { CourseProgressBar } from '../courses/course-progress-bar';
import { CourseThumbnail } from '../courses/course-thumbnail';
import { NameGateProvider, useNameGate } from '../discussion/name-gate';
import { PastAttempt } from '../quiz/past-attempt';
import '../../components/dialog.css';
import '../courses/courses.css';
import '../courses/lesson.css';
import '../quiz/quiz.css';
import './learning.css';
import { LocalTime } from '../../components/local-time';

function InProgress({ course }: { course: LearningCourse }) {
  const next = course.nextLessonId ? paths.courseLesson(course.courseId, course.nextLessonId) : paths.courseView(course.courseId);
  return (
    <li className="card learning-card">
      <CourseThumbnail className="learning-card__image" thumbnail={course.thumbnail} category={course.category} />
      <div className="card__body">
        <p className="courses-eyebrow">{categoryLabel(course.category)}</p>
        <h3 className="card__title">{course.title}</h3>
        <CourseProgressBar percent={course.percent} completed={course.completedLessons} total={course.totalLessons}
          label={`Progress in ${course.title}`} compact />
        <Link className="button button--primary" href={next}>
          Continue<span className="visually-hidden"> {course.title}</span>
        </Link>
      </div>
    </li>
  );
}

function Completed({ course }: { course: LearningCourse }) {
  const { api, files, notifier, log } = useServices();
  const [busy, setBusy] = useState<'pdf' | 'credential' | null>(null);
  const certificate = course.certificate!;
  const download = async (what: 'pdf' | 'credential') => {
    setBusy(what);
    try {
      await (what === 'pdf' ? saveCertificatePdf : saveCredential)(api, files, certificate._id);
    } catch (error) {
      log('downloading a certificate failed', error);
      notifier.error('The download failed. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <li className="card learning-card">
      <CourseThumbnail className="learning-card__image" thumbnail={course.thumbnail} category={course.category} />
      <div className="card__body">
        <p className="courses-eyebrow">{categoryLabel(course.category)}</p>
        <h3 className="card__title">{course.title}</h3>
        <p className="card__meta">
          Certificate issued <time dateTime={certificate.issuedAt}>{formatUsDate(certificate.issuedAt)}</time> · {certificate.hours.toFixed(1)} hours
        </p>
        <div className="learning-card__actions">
          <button type="button" className="button button--primary button--small" disabled={busy !== null} onClick={() => void download('pdf')}>
            {busy === 'pdf' ? 'Preparing PDF...' : 'Certificate (PDF)'}<span className="visually-hidden"> for {course.title}</span>
          </button>
          <button type="button" className="button button--small" disabled={busy !== null} onClick={() => void download('credential')}>
            {busy === 'credential' ? 'Preparing...' : 'Open Badges credential'}<span className="visually-hidden"> for {course.title}</span>
          </button>
          <Link className="button button--small" href={paths.certificate(certificate._id)}>
            Verification page<span className="visually-hidden"> for {course.title}</span>
          </Link>
        </div>
      </div>
    </li>
  );
}

function WorkshopItem({ workshop, onCancel, busy }: { workshop: MyWorkshop; onCancel?: () => void; busy?: boolean }) {
  return (
    <li className="learning-workshop">
      <div>
        <Link href={paths.workshop(workshop._id)} className="learning-workshop__title">
          {workshop.title}
        </Link>
        <p className="learning-workshop__meta">
          <LocalTime iso={workshop.date} zone={workshop.timeZone} weekday /> · {workshop.duration} minutes
          {workshop.status === 'waitlisted' && ' · on the waitlist'}
        </p>
      </div>
      {onCancel && (
        <button type="button" className="button button--small" onClick={onCancel} disabled={busy}>
          {busy ? 'Cancelling...' : 'Cancel'}
          <span className="visually-hidden"> {workshop.title}</span>
        </button>
      )}
    </li>
  );
}

function MyWorkshops() {
  const { api, log } = useServices();
  const workshops = useQuery(myWorkshops, {}, { fresh: true });
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [failed, setFailed] = useState('');
  const cancel = (id: string) => {
    setCancelling(id);
    setFailed('');
    setSaid('');
    cancelWorkshopPlace(api, id).then(
      (message) => {
        setSaid(message);
        workshops.reload();
      },
      (error: unknown) => {
        log('cancelling a workshop place failed', error);
        setFailed(messageOf(error, 'Could not cancel your registration. Please try again.'));
      },
    ).finally(() => setCancelling(null));
  };
  return (
    <section aria-labelledby="my-workshops">
      <h2 id="my-workshops">My workshops</h2>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <p className="form__error" role="alert">
        {failed}
      </p>
      {workshops.status === 'loading' && <Spinner label="Loading your workshops..." />}
      {workshops.status === 'error' && <ErrorState error={workshops.error} />}
      {workshops.status === 'success' && (
        <>
          {workshops.data.upcoming.length === 0 ? (
            <EmptyState>
              No upcoming workshop. <Link href={paths.workshops}>See what is coming up</Link>.
            </EmptyState>
          ) : (
            <ul className="learning-workshops" aria-label="Upcoming workshops">
              {workshops.data.upcoming.map((w) => (
                <WorkshopItem key={w._id} workshop={w} onCancel={() => cancel(w._id)} busy={cancelling === w._id} />
              ))}
            </ul>
          )}
          {workshops.data.past.length > 0 && (
            <>
              <h3>Past workshops</h3>
              <ul className="learning-workshops" aria-label="Past workshops">
                {workshops.data.past.map((w) => (
                  <WorkshopItem key={w._id} workshop={w} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

const CERTIFICATE_REASON =
  'Your certificates carry your name, never your email address. Add your name and a certificate issued under your email is reissued under it. You can change it later in Profile Settings.';

export default function LearningPage() {
  return (
    <NameGateProvider reason={CERTIFICATE_REASON}>
      <Learning />
    </NameGateProvider>
  );
}

function Learning() {
  useDocumentTitle('My learning');
  const learning = useQuery(myLearning, {}, { fresh: true });
  const gate = useNameGate();
  const asked = useRef(false);
  const nameNeeded = learning.status === 'success' && learning.data.nameNeeded;
  // Once per visit: with a name saved, fetching again reissues the certificate under it.
  useEffect(() => {
    if (!nameNeeded || asked.current) return;
    asked.current = true;
    gate(() => learning.reload());
  }, [nameNeeded, gate, learning]);
  const attempts = useQuery(listAttempts, {}, { fresh: true });
  return (
    <div className="container page learning-page">
      <h1>My learning</h1>
      <p>
        Credit for your professional bodies (AIA, GBCI, WELL, RIBA, IDCEC) and your transcripts: <Link href={paths.cpd}>Continuing education</Link>.
      </p>
      <section aria-labelledby="in-progress">
        <h2 id="in-progress">In progress</h2>
        {learning.status === 'loading' && <Spinner label="Loading your courses..." />}
        {learning.status === 'error' && <ErrorState error={learning.error} />}
        {learning.status === 'success' &&
          (learning.data.inProgress.length === 0 ? (
            <EmptyState>
              No course in progress. <Link href={paths.courses}>Browse the courses</Link> and press 'Get Started!'.
            </EmptyState>
          ) : (
            <ul className="learning-grid">
              {learning.data.inProgress.map((course) => (
                <InProgress key={course.courseId} course={course} />
              ))}
            </ul>
          ))}
      </section>
      <section aria-labelledby="completed">
        <h2 id="completed">Completed</h2>
        {learning.status === 'success' &&
          (learning.data.completed.length === 0 ? (
            <EmptyState>No completed course yet: finish every lesson and pass the assessment to earn a certificate.</EmptyState>
          ) : (
            <ul className="learning-grid">
              {learning.data.completed.map((course) => (
                <Completed key={course.courseId} course={course} />
              ))}
            </ul>
          ))}
      </section>
      <MyWorkshops />
      <section aria-labelledby="quiz-history">
        <h2 id="quiz-history">Quiz history</h2>
        {attempts.status === 'loading' && <Spinner label="Loading your attempts..." />}
        {attempts.status === 'error' && <ErrorState error={attempts.error} />}
        {attempts.status === 'success' &&
          (attempts.data.attempts.length === 0 ? (
            <EmptyState>
              You have not taken a quiz yet. <Link href={paths.quiz}>Choose a topic</Link>.
            </EmptyState>
          ) : (
            <ul className="quiz-attempts">
              {attempts.data.attempts.map((attempt) => (
                <PastAttempt key={attempt._id} attempt={attempt} />
              ))}
            </ul>
          ))}
      </section>
      <section aria-labelledby="kept-offline">
        <h2 id="kept-offline">Kept on this device</h2>
        <KeptList headingLevel={3} />
        <p>
          <Link href={paths.offline}>Everything kept for offline reading</Link>
        </p>
      </section>
    </div>
  );
}
