/** Taking a course (issue 13): enrolment, lessons, progress, the course assessment, certificates, My learning. */
import { z } from 'zod';
import {
  assessmentAttemptSchema, certificateSchema, courseProgressSchema, learningCourseSchema, lessonViewSchema,
  publicCertificateSchema,
} from '../domain/learning.schema';
import { CERTIFICATE_NAME_MAX, CERTIFICATE_NAME_TEXT } from '../domain/certificate-name';
import { call, idParams } from './define';

const ok = z.literal(true);
const courseParams = z.object({ id: z.string().min(1).max(64) });
const lessonParams = z.object({ id: z.string().min(1).max(64), lessonId: z.string().min(1).max(64) });
const progressAnswer = z.object({ success: ok, progress: courseProgressSchema });

/** Idempotent: a member enrolled already gets the same enrolment back. */
export const enrol = call({
  name: 'learning.enrol', method: 'POST', path: '/courses/:id/enrol', auth: 'required', params: courseParams,
  response: progressAnswer, invalidates: ['/courses/', '/me/learning'],
});
/**
 * With the progress, `nameOnCertificate`: null, or (a pass whose certificate waits for the member to confirm the name
 * on it, ADR 131) the name to offer in that dialog ('' when the member has none).
 */
export const courseProgress = call({
  name: 'learning.progress', method: 'GET', path: '/courses/:id/progress', auth: 'required', params: courseParams,
  response: progressAnswer.extend({ nameOnCertificate: z.string().nullable() }),
});
export const getLesson = call({
  name: 'learning.lesson', method: 'GET', path: '/courses/:id/lessons/:lessonId', auth: 'required', params: lessonParams,
  response: z.object({ success: ok, lesson: lessonViewSchema }),
});
/**
 * Idempotent: marking a lesson twice, or from 16 tabs at once, counts once. `queued` is never the server's: the app's
 * service worker answers so without a connection, for a kept course, and sends the mark later (ADR 174).
 */
export const completeLesson = call({
  name: 'learning.completeLesson', method: 'POST', path: '/courses/:id/lessons/:lessonId/complete', auth: 'required', params: lessonParams,
  response: progressAnswer.extend({ queued: z.literal(true).optional() }), invalidates: ['/courses/', '/me/learning'],
});
/** Starts the course assessment, or resumes the attempt in progress; refused until every lesson is complete. */
export const startAssessment = call({
  name: 'learning.startAssessment', method: 'POST', path: '/courses/:id/assessment/start', auth: 'required', params: courseParams,
  response: z.object({ success: ok, attempt: assessmentAttemptSchema }), invalidates: ['/courses/'],
});
/**
 * The assessment's questions and options to read (never the right option nor the explanation): refused, as starting
 * is, until every lesson is complete. A course kept for offline reading keeps them (ADR 174).
 */
export const assessmentQuestions = call({
  name: 'learning.assessmentQuestions', method: 'GET', path: '/courses/:id/assessment/questions', auth: 'required', params: courseParams,
  response: z.object({ success: ok, questions: z.array(z.object({ question: z.string(), options: z.array(z.string()) })) }),
});
export const answerAssessment = call({
  name: 'learning.answerAssessment', method: 'POST', path: '/assessment-attempts/:id/answer', auth: 'required', params: idParams,
  body: z.object({ questionIndex: z.number().int().min(0).max(99), selectedOption: z.number().int().min(0).max(9) }),
  response: z.object({
    success: ok, isCorrect: z.boolean(), correctOption: z.number(), explanation: z.string(), score: z.number(),
  }),
});
/**
 * Completes the attempt. A pass with every lesson complete earns the course's certificate, which is issued once the
 * member confirms the name on it (`issueCertificate`): until then `certificate` is null and `nameOnCertificate` is
 * the name to offer ('' when the member has none). A member who holds the certificate already gets it back.
 */
export const completeAssessment = call({
  name: 'learning.completeAssessment', method: 'POST', path: '/assessment-attempts/:id/complete', auth: 'required', params: idParams,
  response: z.object({ success: ok, attempt: assessmentAttemptSchema, certificate: certificateSchema.nullable(), nameOnCertificate: z.string().nullable() }),
  invalidates: ['/courses/', '/me/learning'],
});

/** The name on a certificate (ADR 131): trimmed, 1 to 200 characters, never an email address. */
export const certificateNameSchema = z.string().trim().min(1, CERTIFICATE_NAME_TEXT.required).max(CERTIFICATE_NAME_MAX, CERTIFICATE_NAME_TEXT.tooLong)
  .refine((name) => !name.includes('@'), CERTIFICATE_NAME_TEXT.noEmail);

/**
 * Issues the member's certificate for a course they passed, under the name they confirmed (kept as their certificate
 * name); idempotent: a certificate issued before is answered as it is.
 */
export const issueCertificate = call({
  name: 'learning.issueCertificate', method: 'POST', path: '/courses/:id/certificate', auth: 'required', params: courseParams,
  body: z.object({ name: certificateNameSchema }),
  response: z.object({ success: ok, certificate: certificateSchema }),
  invalidates: ['/courses/', '/me/learning'],
});

/**
 * My learning. Opening it reissues any certificate issued under an email address under the member's name;
 * `nameNeeded` is true when such a certificate waits because the member has no name yet.
 */
export const myLearning = call({
  name: 'learning.mine', method: 'GET', path: '/me/learning', auth: 'required',
  response: z.object({ success: ok, inProgress: z.array(learningCourseSchema), completed: z.array(learningCourseSchema), nameNeeded: z.boolean() }),
});

/** A revoked certificate (its member deleted their account): no name, no hours. */
export const revokedCertificateSchema = publicCertificateSchema.pick({ _id: true, courseTitle: true, issuedAt: true, verificationUrl: true })
  .extend({ valid: z.literal(false), revokedAt: z.string() });
export const certificateCheckSchema = z.union([publicCertificateSchema, revokedCertificateSchema]);
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;

/** Public: anyone holding the link (or the QR code) checks a certificate: valid, or revoked. */
export const verifyCertificate = call({
  name: 'certificates.verify', method: 'GET', path: '/certificates/:id', params: idParams,
  response: z.object({ success: ok, certificate: certificateCheckSchema }),
});
/** The certificate as a PDF, for its owner. */
export const certificatePdf = call({
  name: 'certificates.pdf', method: 'GET', path: '/certificates/:id/pdf', auth: 'required', params: idParams,
  response: z.instanceof(Uint8Array), binary: true,
});
/** The Open Badges 3.0 credential (a W3C Verifiable Credential as a JWT, EdDSA), for its owner. */
export const certificateCredential = call({
  name: 'certificates.credential', method: 'GET', path: '/certificates/:id/credential', auth: 'required', params: idParams,
  response: z.object({ success: ok, credential: z.string(), filename: z.string() }),
});
