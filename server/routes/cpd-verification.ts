/** The public verification of a CPD transcript (issue 39 item 5): no sign-in, no email on it. */
import type { FastifyInstance } from 'fastify';
import { verifyTranscript } from '../../src/contract/cpd';
import { implement } from '../http/route';
import type { TranscriptVerification } from '../services/cpd-verification';

export async function cpdVerificationRoutes(app: FastifyInstance, { transcripts }: { transcripts: TranscriptVerification }) {
  implement(app, verifyTranscript, async ({ params }) => ({ success: true, transcript: await transcripts.verify(params.code) }) as const);
}
