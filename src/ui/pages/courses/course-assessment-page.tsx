/**
 * The course assessment (issue 13): one question at a time as a radio group, Submit only after a choice, then the
 * right answer and its explanation, and at the end the score against the 70% pass mark: a pass earns the certificate,
 * issued once the member confirms the name on it (ADR 131; its page, the PDF and the credential are in My learning),
 * a fail offers a retake. A thin view of the course machine.
 */
import { useOnline } from '../../hooks/use-online';
import { KeptQuestions } from '../offline/kept-questions';
import { useSelector } from '@xstate/react';
import { type FormEvent, type RefObject, useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { Link, useParams } from 'wouter';
import type { CourseProgressSnapshot } from '../../../application/course-progress.machine';
import { ASSESSMENT_PASS_PERCENT } from '../../../domain/learning';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { QuizOptions } from '../../components/quiz-options';
import { paths } from '../../routes';
import { CertificateNameDialog } from './certificate-name-dialog';
import { CourseLoadError } from './course-load-error';
import { useCourseProgress } from './use-course-progress';
import '../quiz/quiz.css';
import './courses.css';
import './lesson.css';


type Screen = 'busy' | 'question' | 'revealed' | 'result' | 'certificate' | 'claim' | 'failed';

function screenOf(s: CourseProgressSnapshot): Screen {
  if (s.matches('loadFailed') || s.matches('assessmentFailed')) return 'failed';
  if (s.matches('naming') || s.matches('issuing') || s.matches('unclaimed')) return 'claim';
  if (s.matches('certificateIssued')) return 'certificate';
  if (s.matches({ assessment: 'result' })) return 'result';
  if (s.matches({ assessment: 'revealed' }) || s.matches({ assessment: 'finishing' })) return 'revealed';
  if (s.matches({ assessment: 'question' }) || s.matches({ assessment: 'answering' })) return 'question';
  return 'busy';
}

export default function CourseAssessmentPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const actor = useCourseProgress(courseId, 'assessment');
  const s = useSelector(actor, (snapshot) => snapshot);
  const screen = screenOf(s);
  const c = s.context;
  const online = useOnline();
  useDocumentTitle(c.course ? `Assessment · ${c.course.title}` : 'Assessment');
  const heading = useRef<HTMLHeadingElement>(null);
  const claim = useRef<HTMLButtonElement>(null);
  const unclaimed = s.matches('unclaimed');
  // The name dialog closed without a certificate: the focus goes to the button that opens it again.
  useEffect(() => {
    if (unclaimed) setTimeout(() => claim.current?.focus(), 0);
  }, [unclaimed]);

  // Each new step (a question, its answer, the result) takes the focus to its heading.
  const stepKey = `${screen}:${c.index}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    heading.current?.focus();
  }, [stepKey]);

  if (screen === 'busy') {
    const label = s.matches({ assessment: 'finishing' }) ? 'Completing assessment...' : 'Loading assessment...';
    return <Spinner label={label} />;
  }
  if (screen === 'failed') {
    return (
      <div className="container page">
        <h1>Course assessment</h1>
        <p className="error-state" role="alert">
          {c.error}
        </p>
        {c.course && (
          <p>
            <Link href={paths.courseView(c.course._id)}>Back to {c.course.title}</Link>
          </p>
        )}
        {!online && c.course && <KeptQuestions courseId={c.course._id} />}
      </div>
    );
  }
  if (screen === 'claim' && c.course) {
    const course = c.course;
    // The pass of this visit, or (the page opened later) the best score the progress keeps.
    const score = c.attempt?.score ?? c.progress?.assessment.bestScore ?? 0;
    const total = c.attempt?.totalQuestions ?? c.progress?.assessment.totalQuestions ?? 0;
    return (
      <div className="container page assessment">
        <nav aria-label="Breadcrumb" className="course-breadcrumb">
          <Link href={paths.courses}>Courses</Link> <span aria-hidden="true">›</span> <Link href={paths.courseView(course._id)}>{course.title}</Link>
        </nav>
        <h1 className="assessment__title">Assessment: {course.title}</h1>
        <section className="quiz-card assessment__result" aria-labelledby="assessment-step">
          <h2 id="assessment-step" ref={heading} tabIndex={-1}>
            You passed
          </h2>
          <p className="assessment__score">
            {score} / {total} ({total ? Math.round((score * 100) / total) : 0}%)
          </p>
          <p>You scored at least {ASSESSMENT_PASS_PERCENT}% and completed every lesson: confirm the name on your certificate to receive it.</p>
          <div className="quiz-actions">
            <Button ref={claim} className="button button--primary" isDisabled={!unclaimed} onPress={() => actor.send({ type: 'certificate.claim' })}>
              Get your certificate
            </Button>
            <Link className="button" href={paths.learning}>
              My learning
            </Link>
          </div>
        </section>
        {!unclaimed && (
          <CertificateNameDialog courseTitle={course.title} name={c.certificateName} error={c.nameError} busy={s.matches('issuing')}
            onName={(name) => actor.send({ type: 'certificate.name', name })} onConfirm={() => actor.send({ type: 'certificate.confirm' })}
            onCancel={() => actor.send({ type: 'certificate.cancel' })} />
        )}
      </div>
    );
  }
  if (screen === 'certificate' && c.course && c.certificate && !c.attempt) {
    // Issued from a pass of an earlier visit.
    return (
      <div className="container page assessment">
        <h1 className="assessment__title">Assessment: {c.course.title}</h1>
        <section className="quiz-card assessment__result" aria-labelledby="assessment-step">
          <h2 id="assessment-step" ref={heading} tabIndex={-1}>
            Your certificate is ready
          </h2>
          <div className="quiz-actions">
            <Link className="button button--primary" href={paths.certificate(c.certificate._id)}>
              View your certificate
            </Link>
            <Link className="button" href={paths.learning}>
              My learning
            </Link>
          </div>
        </section>
      </div>
    );
  }
  if (!c.course || !c.attempt) return <CourseLoadError message={c.error ?? undefined} />;
  const total = c.attempt.totalQuestions;
  const question = c.attempt.questions[c.index];
  const answer = c.answers.find((a) => a.questionIndex === c.index);

  return (
    <div className="container page assessment">
      <nav aria-label="Breadcrumb" className="course-breadcrumb">
        <Link href={paths.courses}>Courses</Link> <span aria-hidden="true">›</span>{' '}
        <Link href={paths.courseView(c.course._id)}>{c.course.title}</Link>
      </nav>
      <h1 className="assessment__title">Assessment: {c.course.title}</h1>
      <p className="courses-eyebrow">Pass mark {ASSESSMENT_PASS_PERCENT}% · {total} questions</p>
      <p className="visually-hidden" role="status">
        {/* With the verdict comes what the reveal teaches: the right answer's explanation. */}
        {screen === 'revealed' && answer && c.announcement ? `${c.announcement}. ${answer.explanation}` : c.announcement}
      </p>
      {screen === 'question' && question && (
        <QuestionStep headingRef={heading} number={c.index + 1} total={total} question={question} selected={c.selected}
          busy={s.matches({ assessment: 'answering' })} alert={c.alert}
          onSelect={(option) => actor.send({ type: 'option.select', option })} onSubmit={() => actor.send({ type: 'answer.submit' })} />
      )}
      {screen === 'revealed' && question && answer && (
        <section className="quiz-card" aria-labelledby="assessment-step">
          <h2 id="assessment-step" ref={heading} tabIndex={-1} className={`quiz-card__step quiz-verdict ${answer.isCorrect ? 'quiz-verdict--correct' : 'quiz-verdict--wrong'}`}>
            {answer.isCorrect ? 'Correct' : 'Incorrect'}
            <span className="visually-hidden"> (question {c.index + 1} of {total})</span>
          </h2>
          <p className="quiz-question">{question.question}</p>
          <ul className="quiz-summary">
            {question.options.map((option, i) => {
              const chosen = i === answer.selectedOption;
              const correct = i === answer.correctOption;
              if (!chosen && !correct) return null;
              return (
                <li key={option} className={`quiz-summary__item ${correct ? 'quiz-summary__item--correct' : 'quiz-summary__item--wrong'}`}>
                  <span className="quiz-summary__label">{chosen && correct ? 'Your answer, correct' : chosen ? 'Your answer, incorrect' : 'Correct answer'}</span>
                  <span>{option}</span>
                </li>
              );
            })}
          </ul>
          <p className="assessment__explanation">{answer.explanation}</p>
          {c.alert && (
            <p className="form__error" role="alert">
              {c.alert}
            </p>
          )}
          <div className="quiz-actions">
            <Button className="button button--primary" isDisabled={s.matches({ assessment: 'finishing' })} onPress={() => actor.send({ type: 'assessment.continue' })}>
              {c.answers.length >= total ? 'Finish Assessment' : 'Next Question'}
            </Button>
          </div>
        </section>
      )}
      {(screen === 'result' || screen === 'certificate') && (
        <section className="quiz-card assessment__result" aria-labelledby="assessment-step">
          <h2 id="assessment-step" ref={heading} tabIndex={-1}>
            {c.attempt.passed ? 'You passed' : 'Not passed yet'}
          </h2>
          <p className="assessment__score">
            {c.score} / {total} ({Math.round((c.score * 100) / total)}%)
          </p>
          {c.attempt.passed ? (
            <p>You scored at least {ASSESSMENT_PASS_PERCENT}% and completed every lesson: your certificate is ready.</p>
          ) : (
            <p>The pass mark is {ASSESSMENT_PASS_PERCENT}%. Read the lessons again, then retake the assessment; your best score counts.</p>
          )}
          <div className="quiz-actions">
            {c.certificate && (
              <Link className="button button--primary" href={paths.certificate(c.certificate._id)}>
                View your certificate
              </Link>
            )}
            {!c.attempt.passed && (
              <Button className="button button--primary" onPress={() => actor.send({ type: 'assessment.retake' })}>
                Retake the assessment
              </Button>
            )}
            <Link className="button" href={paths.learning}>
              My learning
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

function QuestionStep({ headingRef, number, total, question, selected, busy, alert, onSelect, onSubmit }: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  number: number;
  total: number;
  question: { question: string; options: string[] };
  selected: number | null;
  busy: boolean;
  alert: string | null;
  onSelect: (option: number) => void;
  onSubmit: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <section className="quiz-card" aria-labelledby="assessment-step">
      <h2 id="assessment-step" ref={headingRef} tabIndex={-1} className="quiz-card__step">
        Question {number} of {total}
      </h2>
      <form className="quiz-form" onSubmit={submit}>
        <QuizOptions label={question.question} options={question.options} selected={selected} onSelect={onSelect} isDisabled={busy} />
        {alert && (
          <p className="form__error" role="alert">
            {alert}
          </p>
        )}
        <Button type="submit" className="button button--primary quiz-form__submit" isDisabled={selected === null || busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </Button>
      </form>
    </section>
  );
}
