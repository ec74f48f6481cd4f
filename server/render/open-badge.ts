/**
 * The Open Badges 3.0 credential of a certificate and its VC-JWT claims (ADR 070, ADR 162). A leaf: it builds JSON,
 * it signs nothing.
 *
 * The credential is a VC Data Model 2.0 credential (its context is credentials/v2, it has `validFrom`), so the OB 3.0
 * "JSON Web Token Proof Format" makes the JWT payload the credential itself, with its members at the top level (no
 * `vc` claim, which belongs to VCDM 1.1) and these claims beside them: `iss` = issuer.id, `jti` = id, `sub` =
 * credentialSubject.id, `nbf` = validFrom (and `exp` = validUntil, which these credentials have not).
 *
 * A JWT NumericDate counts whole seconds, so `validFrom` is written to the second: `nbf` and `validFrom` name the same
 * instant, not one a fraction of a second later.
 *
 * The subject is identified twice, never by a plain email address: its `id` (a URI, so `sub` can carry it) names the
 * recipient of this one certificate, and its `identifier` is the member's email address hashed with a salt, as OB 3.0
 * shows ('sha256$' + hex SHA-256 of the address followed by the salt), so the member can prove the badge is theirs by
 * showing their address to a verifier, and nobody else can read the address from the badge.
 */
import { createHash } from 'node:crypto';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

/** The instant to the second, written without fractions ('2026-11-29T11:26:55Z'). */
export function isoToTheSecond(date: Date): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** An OB 3.0 IdentityHash: 'sha256$' and the hex SHA-256 of the UTF-8 identity followed by the salt. */
export function identityHash(identity: string, salt: string): string {
  return `sha256$${createHash('sha256').update(`${identity}${salt}`, 'utf8').digest('hex')}`;
}

/** The member's email address as an OB 3.0 IdentityObject, hashed with the salt (the address lower-cased first). */
export function hashedEmailIdentifier(email: string, salt: string) {
  return { type: 'IdentityObject', identityHash: identityHash(email.trim().toLowerCase(), salt), identityType: 'emailAddress', hashed: true, salt } as const;
}

/** What a VC 2.0 credential needs for its JWT claims. */
export interface ClaimedCredential {
  id: string;
  issuer: { id: string };
  validFrom: string;
  validUntil?: string;
  credentialSubject: { id?: string };
}

/** The JWT claims OB 3.0 derives from the credential; NumericDates in whole seconds. */
export function jwtClaimsOf(credential: ClaimedCredential): { iss: string; jti: string; sub?: string; nbf: number; exp?: number } {
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  return {
    iss: credential.issuer.id,
    jti: credential.id,
    ...(credential.credentialSubject.id ? { sub: credential.credentialSubject.id } : {}),
    nbf: seconds(credential.validFrom),
    ...(credential.validUntil ? { exp: seconds(credential.validUntil) } : {}),
  };
}

export interface BadgeFacts {
  certificateId: string;
  courseId: string | null;
  courseTitle: string;
  hours: number;
  learnerName: string;
  score: number;
  totalQuestions: number;
  issuedAt: Date;
  verificationUrl: string;
  email: string;
  salt: string;
  statusIndex: number;
}

export interface IssuerFacts {
  publicUrl: string;
  name: string;
  statusListUrl: string;
}

/** The OpenBadgeCredential of a certificate (unsigned). */
export function openBadgeCredential(facts: BadgeFacts, issuer: IssuerFacts) {
  const base = issuer.publicUrl;
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `urn:uuid:${facts.certificateId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${facts.courseTitle}: certificate of completion`,
    issuer: { id: base, type: ['Profile'], name: issuer.name, url: base },
    validFrom: isoToTheSecond(facts.issuedAt),
    credentialSubject: {
      id: `${facts.verificationUrl}#recipient`,
      type: ['AchievementSubject'],
      identifier: [hashedEmailIdentifier(facts.email, facts.salt)],
      name: facts.learnerName,
      achievement: {
        id: facts.courseId ? `${base}/courses/view/${facts.courseId}` : `${facts.verificationUrl}#achievement`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: facts.courseTitle,
        description: `Completed every lesson of ${facts.courseTitle} (${facts.hours.toFixed(1)} hours) and passed its assessment.`,
        criteria: { narrative: 'Complete every lesson of the course and score at least 70% in its assessment.' },
      },
      result: [{ type: ['Result'], value: `${facts.score}/${facts.totalQuestions}` }],
    },
    credentialStatus: {
      id: `${issuer.statusListUrl}#${facts.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(facts.statusIndex),
      statusListCredential: issuer.statusListUrl,
    },
    evidence: [{ id: facts.verificationUrl, type: ['Evidence'], name: 'Public verification page' }],
  };
}
