/** Taking courses (issue 13): enrolment, lessons, progress, the course assessment, My learning, certificates. */
import type { FastifyInstance } from 'fastify';
import * as learning from '../../src/contract/learning';
import { implement } from '../http/route';
import { type CertificateService, STATUS_LIST_PATH } from '../services/certificates';
import type { LearningService } from '../services/learning';

export async function learningRoutes(app: FastifyInstance, { courses, certificates }: { courses: LearningService; certificates: CertificateService }) {
  implement(app, learning.enrol, async ({ params, user }) => ({ success: true, progress: await courses.enrol(user.id, params.id) }) as const);
  implement(app, learning.courseProgress, async ({ params, user }) => ({ success: true, ...(await courses.progressWithName(user.id, params.id)) }) as const);
  implement(app, learning.getLesson, async ({ params }) => ({ success: true, lesson: await courses.lesson(params.id, params.lessonId) }) as const);
  implement(app, learning.completeLesson, async ({ params, user }) => ({
    success: true, progress: await courses.completeLesson(user.id, params.id, params.lessonId),
  }) as const);
  implement(app, learning.startAssessment, async ({ params, user }) => ({ success: true, attempt: await courses.startAssessment(user.id, params.id) }) as const);
  implement(app, learning.assessmentQuestions, async ({ params, user }) => ({ success: true, questions: await courses.questionsToRead(user.id, params.id) }) as const);
  implement(app, learning.answerAssessment, async ({ params, body, user }) => ({ success: true, ...(await courses.answer(user.id, params.id, body)) }) as const);
  implement(app, learning.completeAssessment, async ({ params, user }) => ({ success: true, ...(await courses.completeAssessment(user.id, params.id)) }) as const);
  implement(app, learning.issueCertificate, async ({ params, body, user }) => ({
    success: true, certificate: await courses.issueCertificate(user.id, params.id, body.name),
  }) as const);
  implement(app, learning.myLearning, async ({ user }) => ({ success: true, ...(await courses.mine(user.id)) }) as const);

  implement(app, learning.verifyCertificate, async ({ params }) => ({ success: true, certificate: await certificates.verify(params.id) }) as const);
  implement(app, learning.certificatePdf, async ({ params, user, reply }) => {
    const pdf = await certificates.pdf(user.id, params.id);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="sustainlearn-certificate-${params.id}.pdf"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  });
  implement(app, learning.certificateCredential, async ({ params, user, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true, ...(await certificates.credential(user.id, params.id)) } as const;
  });
}

/** The public keys credentials are signed with (RFC 7517), at the well-known address, outside the API prefix. */
export async function wellKnownRoutes(app: FastifyInstance, { certificates }: { certificates: CertificateService }) {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('content-type', 'application/jwk-set+json').header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*');
    return certificates.jwks();
  });
  // The revocation status list (W3C Bitstring Status List v1.0) that every credential's credentialStatus names.
  app.get(STATUS_LIST_PATH, async (_request, reply) => {
    reply.header('content-type', 'application/jwt').header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*');
    return certificates.statusList();
  });
}
