/**
 * Certificates (issue 13): issued once per member and course, frozen at issue (the learner's name then, the course
 * title, the hours, the score). Anyone may verify one by its id; its owner downloads the PDF and an Open Badges 3.0
 * credential: a W3C Verifiable Credential as a JWT signed with an Ed25519 key that every server process on the
 * database shares (kept like the JWT secret) and that `/.well-known/jwks.json` publishes, so anyone can check a
 * credential offline with the public key alone (ADR 070).
 */
import { generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, importJWK, type JWK, SignJWT } from 'jose';
import { type Certificate, hoursOf, type PublicCertificate } from '../../src/domain/learning';
import { displayName } from '../../src/domain/user';
import type { Db, Tx } from '../data/client';
import { type CertificateRow, findCertificate, issueCertificate, learnerNames, outlineOf } from '../data/learning';
import { sharedSecret } from '../data/secrets';
import { renderCertificatePdf } from '../render/certificate-pdf';
import { notFound } from './errors';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const PRODUCT_NAME = 'SustainLearn';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey | Uint8Array;
  publicJwk: JWK;
}

export class CertificateService {
  #key: Promise<SigningKey> | undefined;

  constructor(
    private readonly db: Db,
    /** The site's public address, e.g. https://learn.example.org (links and the issuer's id). */
    private readonly publicUrl: string,
    private readonly now: () => number,
  ) {}

  verificationUrl(id: string): string {
    return `${this.publicUrl}/certificates/${id}`;
  }

  toCertificate(row: CertificateRow): Certificate {
    return {
      _id: row.id,
      courseId: row.courseId,
      learnerName: row.learnerName,
      courseTitle: row.courseTitle,
      minutes: row.minutes,
      hours: hoursOf(row.minutes),
      score: row.score,
      totalQuestions: row.totalQuestions,
      issuedAt: row.issuedAt.toISOString(),
      verificationUrl: this.verificationUrl(row.id),
    };
  }

  /**
   * Issues the member's certificate for the course once, in the transaction of the pass that earns it (ADR 128); later
   * calls answer the first one.
   */
  async issue(tx: Tx, userId: string, courseId: string, score: number, totalQuestions: number): Promise<Certificate> {
    const names = await learnerNames(tx, userId);
    const outline = await outlineOf(tx, courseId);
    const [course] = await tx.query.courses.findMany({ where: (c, { eq }) => eq(c.id, courseId), limit: 1 });
    const named = displayName(names?.firstName ?? '', names?.lastName ?? '');
    const row = await issueCertificate(tx, {
      userId,
      courseId,
      // The name as it is at issue; a member who never gave one is certified under their email address.
      learnerName: names && (names.firstName.trim() || names.lastName.trim()) ? named : (names?.email ?? named),
      courseTitle: course?.title ?? '',
      minutes: outline.reduce((sum, l) => sum + l.duration, 0),
      score,
      totalQuestions,
      issuedAt: new Date(this.now()),
    });
    return this.toCertificate(row);
  }

  async verify(id: string): Promise<PublicCertificate> {
    const found = await this.findPublic(id);
    if (!found) throw notFound(CERTIFICATE_NOT_FOUND);
    return found;
  }

  /** What anyone may see of a certificate, or undefined when no certificate has this id (a page's head). */
  async findPublic(id: string): Promise<PublicCertificate | undefined> {
    const row = await findCertificate(this.db, id);
    if (!row) return undefined;
    const { _id, learnerName, courseTitle, hours, issuedAt, verificationUrl } = this.toCertificate(row);
    return { _id, learnerName, courseTitle, hours, issuedAt, verificationUrl, valid: true };
  }

  /** The member's own certificate; another member's is not found (its existence is not theirs to learn). */
  private async own(userId: string, id: string): Promise<CertificateRow> {
    const row = await findCertificate(this.db, id);
    if (!row || row.userId !== userId) throw notFound(CERTIFICATE_NOT_FOUND);
    return row;
  }

  async pdf(userId: string, id: string): Promise<Buffer> {
    const certificate = this.toCertificate(await this.own(userId, id));
    return renderCertificatePdf({
      productName: PRODUCT_NAME,
      id: certificate._id,
      learnerName: certificate.learnerName,
      courseTitle: certificate.courseTitle,
      hours: certificate.hours,
      issuedAt: new Date(certificate.issuedAt),
      verificationUrl: certificate.verificationUrl,
    });
  }

  /** The signing key, generated once per database and shared by every process on it. */
  private signingKey(): Promise<SigningKey> {
    this.#key ??= (async () => {
      const stored = await sharedSecret(this.db, 'credential-signing-key', () => {
        const { privateKey } = generateKeyPairSync('ed25519');
        return JSON.stringify(privateKey.export({ format: 'jwk' }));
      });
      const privateJwk = JSON.parse(stored) as JWK;
      const publicJwk: JWK = { kty: privateJwk.kty, crv: privateJwk.crv, x: privateJwk.x };
      const kid = await calculateJwkThumbprint(publicJwk);
      return { kid, privateKey: await importJWK({ ...privateJwk, alg: 'EdDSA' }, 'EdDSA'), publicJwk: { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' } };
    })();
    return this.#key;
  }

  /** The public keys credentials are signed with, as a JWKS. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: [(await this.signingKey()).publicJwk] };
  }

  /** The Open Badges 3.0 credential of the member's certificate, as a VC-JWT (EdDSA). */
  async credential(userId: string, id: string): Promise<{ credential: string; filename: string }> {
    const certificate = this.toCertificate(await this.own(userId, id));
    const key = await this.signingKey();
    const issuedAt = new Date(certificate.issuedAt);
    const credentialId = `urn:uuid:${certificate._id}`;
    const vc = {
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      id: credentialId,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      name: `${certificate.courseTitle}: certificate of completion`,
      issuer: { id: this.publicUrl, type: ['Profile'], name: PRODUCT_NAME, url: this.publicUrl },
      validFrom: issuedAt.toISOString(),
      credentialSubject: {
        type: ['AchievementSubject'],
        name: certificate.learnerName,
        achievement: {
          id: certificate.courseId ? `${this.publicUrl}/courses/view/${certificate.courseId}` : `${this.publicUrl}/certificates/${certificate._id}#achievement`,
          type: ['Achievement'],
          achievementType: 'Certificate',
          name: certificate.courseTitle,
          description: `Completed every lesson of ${certificate.courseTitle} (${certificate.hours.toFixed(1)} hours) and passed its assessment.`,
          criteria: { narrative: 'Complete every lesson of the course and score at least 70% in its assessment.' },
        },
        result: [{ type: ['Result'], value: `${certificate.score}/${certificate.totalQuestions}` }],
      },
      evidence: [{ id: certificate.verificationUrl, type: ['Evidence'], name: 'Public verification page' }],
    };
    const credential = await new SignJWT({ vc })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
      .setIssuer(this.publicUrl)
      .setSubject(certificate.verificationUrl)
      .setJti(credentialId)
      .setNotBefore(Math.floor(issuedAt.getTime() / 1000))
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .sign(key.privateKey);
    return { credential, filename: `sustainlearn-certificate-${certificate._id}.jwt` };
  }
}
