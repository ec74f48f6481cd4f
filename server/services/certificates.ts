/**
 * Certificates (issue 13): issued once per member and course, frozen at issue (the name the member confirmed, the
 * course title, the hours, the score). Anyone may verify one by its id; its owner downloads the PDF and an Open Badges
 * 3.0 credential: a W3C Verifiable Credential as a JWT signed with an Ed25519 key that every server process on the
 * database shares (kept like the JWT secret) and that `/.well-known/jwks.json` publishes, so anyone can check a
 * credential offline with the public key alone (ADR 070). The JWT's payload is the credential itself, with the claims
 * OB 3.0 derives from it, and its subject is identified by a salted hash of the member's email (ADR 162).
 *
 * Names and revocation (issue 35, ADR 131): a certificate carries only a name the member confirmed or gave, never an
 * email address; one issued under an email is reissued under the member's name, same id. A revoked certificate
 * reads 'Revoked', serves no PDF or credential, and its bit is on in the published Bitstring Status List.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, importJWK, type JWK, SignJWT } from 'jose';
import type { CertificateCheck } from '../../src/contract/learning';
import { certificateNameProblem } from '../../src/domain/certificate-name';
import { type Certificate, hoursOf } from '../../src/domain/learning';
import {
  assignStatusIndex, certificatesNamedByEmail, namesForCertificates, renameCertificate, revokeAll, STATUS_LIST_BLOCK,
  saveCertificateName, statusListState, unindexedCertificatesOf,
} from '../data/certificates';
import type { Db, Tx } from '../data/client';
import { type CertificateRow, findCertificate, issueCertificate, learnerNames, outlineOf } from '../data/learning';
import { sharedSecret } from '../data/secrets';
import { renderCertificatePdf } from '../render/certificate-pdf';
import { type ClaimedCredential, isoToTheSecond, jwtClaimsOf, openBadgeCredential, VC_CONTEXT } from '../render/open-badge';
import { encodeStatusList } from '../render/status-list';
import { invalid, notFound } from './errors';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const PRODUCT_NAME = 'SustainLearn';
/** What a certificate still under an email address shows in its place. */
export const UNNAMED_LEARNER = 'SustainLearn learner';
/** The path of the published revocation list, outside the API (like the JWKS). */
export const STATUS_LIST_PATH = '/credentials/status/revocation';

/** The member's name for certificates: the one they confirmed, else their first and last name; '' when none. */
export function nameForCertificates(names: { certificateName: string | null; firstName: string; lastName: string } | undefined): string {
  if (!names) return '';
  const confirmed = names.certificateName?.trim() ?? '';
  if (confirmed && !confirmed.includes('@')) return confirmed;
  const profile = [names.firstName.trim(), names.lastName.trim()].filter(Boolean).join(' ');
  return profile.includes('@') ? '' : profile;
}

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
    private readonly random: () => number = Math.random,
  ) {}

  verificationUrl(id: string): string {
    return `${this.publicUrl}/certificates/${id}`;
  }

  statusListUrl(): string {
    return `${this.publicUrl}${STATUS_LIST_PATH}`;
  }

  toCertificate(row: CertificateRow): Certificate {
    return {
      _id: row.id,
      courseId: row.courseId,
      // One issued under an email address before ADR 131 shows no address until My learning reissues it.
      learnerName: row.learnerName.includes('@') ? UNNAMED_LEARNER : row.learnerName,
      courseTitle: row.courseTitle,
      minutes: row.minutes,
      hours: hoursOf(row.minutes),
      score: row.score,
      totalQuestions: row.totalQuestions,
      issuedAt: row.issuedAt.toISOString(),
      verificationUrl: this.verificationUrl(row.id),
      credits: row.credits,
    };
  }

  /** The name to offer in the member's "name on your certificate" dialog: confirmed before, else their profile's. */
  async suggestedName(db: Db | Tx, userId: string): Promise<string> {
    return nameForCertificates(await namesForCertificates(db, userId));
  }

  /**
   * Issues the member's certificate for the course once under the name they just confirmed, which is kept as their
   * certificate name, in the caller's transaction; later calls answer the first one. No name, no certificate.
   */
  async issue(tx: Tx, userId: string, courseId: string, score: number, totalQuestions: number, confirmedName: string): Promise<Certificate> {
    const problem = certificateNameProblem(confirmedName);
    if (problem) throw invalid(`name: ${problem}`);
    const name = confirmedName.trim();
    await saveCertificateName(tx, userId, name);
    const outline = await outlineOf(tx, courseId);
    const [course] = await tx.query.courses.findMany({ where: (c, { eq }) => eq(c.id, courseId), limit: 1 });
    const row = await issueCertificate(tx, {
      userId,
      courseId,
      learnerName: name,
      courseTitle: course?.title ?? '',
      minutes: outline.reduce((sum, l) => sum + l.duration, 0),
      score,
      totalQuestions,
      issuedAt: new Date(this.now()),
      credits: course?.credits ?? [],
    });
    await assignStatusIndex(tx, row.id, this.random);
    return this.toCertificate((await findCertificate(tx, row.id))!);
  }

  /**
   * Certificates issued under an email address (before ADR 131) get the member's name, keeping their id, course,
   * score and date; answers false when some wait because the member has no name yet.
   */
  async reissueEmailNamed(userId: string): Promise<{ nameNeeded: boolean }> {
    const stale = await certificatesNamedByEmail(this.db, userId);
    if (stale.length === 0) return { nameNeeded: false };
    const name = await this.suggestedName(this.db, userId);
    if (!name) return { nameNeeded: true };
    await this.db.transaction(async (tx) => {
      for (const { id } of stale) {
        await renameCertificate(tx, id, name);
        await assignStatusIndex(tx, id, this.random);
      }
    });
    return { nameNeeded: false };
  }

  async verify(id: string): Promise<CertificateCheck> {
    const found = await this.findPublic(id);
    if (!found) throw notFound(CERTIFICATE_NOT_FOUND);
    return found;
  }

  /** What anyone may see of a certificate (a revoked one: no name), or undefined when none has this id. */
  async findPublic(id: string): Promise<CertificateCheck | undefined> {
    const row = await findCertificate(this.db, id);
    if (!row) return undefined;
    const { _id, learnerName, courseTitle, hours, issuedAt, verificationUrl, credits } = this.toCertificate(row);
    if (row.revokedAt) return { _id, courseTitle, issuedAt, verificationUrl, valid: false, revokedAt: row.revokedAt.toISOString() };
    return { _id, learnerName, courseTitle, hours, issuedAt, verificationUrl, credits, valid: true };
  }

  /** The member's own certificate, not revoked; another member's is not found (its existence is not theirs to learn). */
  private async own(userId: string, id: string): Promise<CertificateRow> {
    const row = await findCertificate(this.db, id);
    if (!row || row.userId !== userId || row.revokedAt) throw notFound(CERTIFICATE_NOT_FOUND);
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
      credits: certificate.credits,
    });
  }

  /**
   * Revokes every certificate of the member (account deletion): their pages read 'Revoked', their PDFs and credentials
   * are no longer served, and their bits are on in the status list. Idempotent.
   */
  async revokeCertificatesOf(userId: string): Promise<void> {
    await this.db.transaction((tx) => this.revokeWithin(tx, userId));
  }

  /** The same, inside the caller's transaction (deleting an account revokes with everything else, or not at all). */
  async revokeWithin(tx: Tx, userId: string): Promise<void> {
    await revokeAll(tx, userId, new Date(this.now()));
    for (const id of await unindexedCertificatesOf(tx, userId)) await assignStatusIndex(tx, id, this.random);
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

  /**
   * Signs a VC 2.0 credential as OB 3.0's JSON Web Token Proof: the payload is the credential itself with the claims
   * it implies (iss, jti, sub, nbf; ADR 162) and `iat`, the moment of signing.
   */
  private async sign(credential: ClaimedCredential & Record<string, unknown>): Promise<string> {
    const key = await this.signingKey();
    const { iss, jti, sub, nbf, exp } = jwtClaimsOf(credential);
    const jwt = new SignJWT({ ...credential })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
      .setIssuer(iss)
      .setJti(jti)
      .setNotBefore(nbf)
      .setIssuedAt(Math.floor(this.now() / 1000));
    if (sub) jwt.setSubject(sub);
    if (exp !== undefined) jwt.setExpirationTime(exp);
    return jwt.sign(key.privateKey);
  }

  /**
   * The Open Badges 3.0 credential of the member's certificate, as a VC-JWT (EdDSA), with its revocation status entry.
   * The subject's identifier is the member's current email address, hashed with a salt drawn for this credential.
   */
  async credential(userId: string, id: string): Promise<{ credential: string; filename: string }> {
    const row = await this.own(userId, id);
    // A certificate issued before status lists gets its index when its credential is first asked for.
    const statusIndex = row.statusIndex ?? (await this.db.transaction((tx) => assignStatusIndex(tx, row.id, this.random)))!;
    const certificate = this.toCertificate(row);
    const email = (await learnerNames(this.db, userId))?.email ?? '';
    const credential = openBadgeCredential(
      {
        certificateId: certificate._id, courseId: certificate.courseId, courseTitle: certificate.courseTitle, hours: certificate.hours,
        learnerName: certificate.learnerName, score: certificate.score, totalQuestions: certificate.totalQuestions,
        issuedAt: new Date(certificate.issuedAt), verificationUrl: certificate.verificationUrl, email,
        salt: randomBytes(16).toString('hex'), statusIndex,
      },
      { publicUrl: this.publicUrl, name: PRODUCT_NAME, statusListUrl: this.statusListUrl() },
    );
    return { credential: await this.sign(credential), filename: `sustainlearn-certificate-${certificate._id}.jwt` };
  }

  /**
   * The revocation list as a BitstringStatusListCredential (W3C Bitstring Status List v1.0), signed like the
   * certificates' credentials: the bit of every revoked certificate's index is on.
   */
  async statusList(): Promise<string> {
    const { revoked, highest } = await statusListState(this.db);
    const length = STATUS_LIST_BLOCK * Math.max(1, Math.ceil((highest + 1) / STATUS_LIST_BLOCK));
    const url = this.statusListUrl();
    const now = new Date(this.now());
    const credential = {
      '@context': [VC_CONTEXT],
      id: url,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: { id: this.publicUrl, type: ['Profile'], name: PRODUCT_NAME, url: this.publicUrl },
      validFrom: isoToTheSecond(now),
      credentialSubject: { id: `${url}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList: encodeStatusList(length, revoked) },
    };
    return this.sign(credential);
  }
}
