/**
 * The Open Badges 3.0 credential a member downloads (ADR 070, ADR 162), over HTTP on PGlite and PostgreSQL:
 * - it passes 1EdTech's ob_v3p0_achievementcredential_schema.json (vendored in test/vendor/openbadges, draft 2019-09,
 *   validated with Ajv's 2019 dialect and its formats), and a credential that breaks the schema fails it;
 * - it keeps the VC-JWT claim rules of OB 3.0's "JSON Web Token Proof Format": the payload is the VC 2.0 credential
 *   itself (no `vc` claim), `iss` = issuer.id, `jti` = id, `sub` = credentialSubject.id, `nbf` = validFrom to the
 *   second, only the allowed JOSE headers; the subject has an `id` and an `identifier` that is the member's email
 *   hashed with a salt, never the plain address;
 * - a second library, fast-jwt (not jose, which signs it), verifies its signature with the published JWKS and its
 *   claims, refuses it before its `nbf`, and refuses it tampered.
 */
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { createVerifier } from 'fast-jwt';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import * as learning from '../../src/contract/learning';
import { hashedEmailIdentifier, identityHash } from '../../server/render/open-badge';
import { getUrl, send } from './api';
import { passCourse } from './course-pass';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';

const PUBLIC_URL = 'https://learn.example.org';
const COURSE = 'material-passports-and-digital-product-data';
const SCHEMA = JSON.parse(readFileSync(new URL('../vendor/openbadges/ob_v3p0_achievementcredential_schema.json', import.meta.url), 'utf8'));

function schemaValidator() {
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(SCHEMA);
}

interface Subject {
  id?: string;
  type: string[];
  name: string;
  identifier?: { type: string; identityHash: string; identityType: string; hashed: boolean; salt?: string }[];
  achievement: { id: string; name: string };
}
type Payload = Record<string, unknown> & {
  id: string; issuer: { id: string }; validFrom: string; validUntil?: string; credentialSubject: Subject;
  iss: string; jti: string; sub: string; nbf: number; iat: number; exp?: number;
};

/** Every lesson done, every question answered right, the attempt completed and the certificate claimed. */
async function certify(ctx: TestContext, m: Member, name: string): Promise<string> {
  const { course } = await passCourse(ctx, m, COURSE);
  const issued = await send(ctx, learning.issueCertificate, { params: { id: course._id }, body: { name }, token: m.token });
  expect(issued.statusCode).toBe(200);
  return issued.json().certificate._id as string;
}

describe('the hashed email identifier', () => {
  it("hashes as OB 3.0's own example does: 'a@example.com' salted with 'Kosher'", () => {
    expect(identityHash('a@example.com', 'Kosher')).toBe('sha256$b5809d8a92f8858436d7e6b87c12ebc0ae1eac4baecc2c0b913aee2c922ef399');
    expect(hashedEmailIdentifier(' A@Example.com ', 'Kosher')).toEqual({
      type: 'IdentityObject', identityHash: 'sha256$b5809d8a92f8858436d7e6b87c12ebc0ae1eac4baecc2c0b913aee2c922ef399',
      identityType: 'emailAddress', hashed: true, salt: 'Kosher',
    });
  });
});

describeWithApp('the Open Badges 3.0 credential', { seed: true, env: { PUBLIC_URL } }, (ctx) => {
  let credential = '';
  let email = '';
  let certificateId = '';

  it('is issued for a passed course', async () => {
    email = 'ada-badge@example.com';
    const ada = await member(ctx(), email, 'Ada', 'Badge');
    certificateId = await certify(ctx(), ada, 'Ada Badge');
    const answer = await send(ctx(), learning.certificateCredential, { params: { id: certificateId }, token: ada.token });
    expect(answer.statusCode).toBe(200);
    credential = answer.json().credential as string;
    expect(credential.split('.')).toHaveLength(3);
  });

  it("passes 1EdTech's AchievementCredential JSON Schema, which a broken credential fails", () => {
    const validate = schemaValidator();
    const payload = decodeJwt(credential) as Payload;
    expect(validate(payload), JSON.stringify(validate.errors, null, 1)).toBe(true);
    // The schema can fail: no achievement, a validFrom that is no date-time, an identifier with no hash.
    const { achievement: _, ...noAchievement } = payload.credentialSubject;
    expect(validate({ ...payload, credentialSubject: noAchievement })).toBe(false);
    expect(validate({ ...payload, validFrom: 'yesterday' })).toBe(false);
    const [identifier] = payload.credentialSubject.identifier!;
    expect(validate({ ...payload, credentialSubject: { ...payload.credentialSubject, identifier: [{ ...identifier, identityHash: undefined }] } })).toBe(false);
  });

  it('keeps the VC-JWT claim rules: the payload is the credential, its claims are its fields, nbf is validFrom', () => {
    const header = decodeProtectedHeader(credential);
    expect(Object.keys(header).every((name) => ['alg', 'kid', 'jwk', 'typ'].includes(name))).toBe(true);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'JWT', kid: expect.any(String) });
    const payload = decodeJwt(credential) as Payload;
    expect(payload).not.toHaveProperty('vc');
    expect(payload['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', expect.stringMatching(/^https:\/\/purl\.imsglobal\.org\/spec\/ob\/v3p0\/context-3\.\d\.\d\.json$/)]);
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(payload.iss).toBe(payload.issuer.id);
    expect(payload.iss).toBe(PUBLIC_URL);
    expect(payload.jti).toBe(payload.id);
    expect(payload.id).toBe(`urn:uuid:${certificateId}`);
    expect(payload.credentialSubject.id).toEqual(expect.any(String));
    expect(payload.sub).toBe(payload.credentialSubject.id);
    // validFrom is to the second, and nbf is the same instant.
    expect(payload.validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Number.isInteger(payload.nbf)).toBe(true);
    expect(payload.nbf * 1000).toBe(Date.parse(payload.validFrom));
    expect(payload).not.toHaveProperty('validUntil');
    expect(payload).not.toHaveProperty('exp');
    expect(payload.iat).toBeGreaterThanOrEqual(payload.nbf);
  });

  it("identifies the subject by the member's email hashed with a salt, never by the plain address", () => {
    const payload = decodeJwt(credential) as Payload;
    const subject = payload.credentialSubject;
    expect(subject.id ?? subject.identifier).toBeTruthy();
    expect(subject.identifier).toHaveLength(1);
    const [identifier] = subject.identifier!;
    expect(identifier).toMatchObject({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true, salt: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(identifier!.identityHash).toBe(identityHash(email, identifier!.salt!));
    expect(identifier!.identityHash).not.toBe(identityHash('someone-else@example.com', identifier!.salt!));
    expect(Buffer.from(credential.split('.')[1]!, 'base64url').toString('utf8')).not.toContain(email);
    expect(subject.name).toBe('Ada Badge');
  });

  it('verifies with a second library (fast-jwt) and the published JWKS alone, and is refused before nbf or tampered', async () => {
    const jwks = (await getUrl(ctx(), '/.well-known/jwks.json')).json() as { keys: (JsonWebKey & { kid: string })[] };
    const header = decodeProtectedHeader(credential);
    const jwk = jwks.keys.find((k) => k.kid === header.kid);
    expect(jwk).toBeDefined();
    const key = createPublicKey({ key: jwk!, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    const payload = decodeJwt(credential) as Payload;
    const options = {
      key, algorithms: ['EdDSA' as const], allowedIss: PUBLIC_URL, allowedSub: payload.credentialSubject.id!, allowedJti: `urn:uuid:${certificateId}`,
    };
    // The app's clock runs ahead of the real one in these tests: check as of the app's "now".
    const verified = createVerifier({ ...options, clockTimestamp: ctx().clock.now + 1000 })(credential) as Payload;
    expect(verified.credentialSubject.achievement.name).toEqual(expect.any(String));
    expect(() => createVerifier({ ...options, clockTimestamp: (payload.nbf - 5) * 1000 })(credential)).toThrow(/will be active/i);
    expect(() => createVerifier({ ...options, allowedSub: `${PUBLIC_URL}/someone-else`, clockTimestamp: ctx().clock.now + 1000 })(credential)).toThrow(/sub/i);
    const [h, , s] = credential.split('.');
    const forged = { ...payload, credentialSubject: { ...payload.credentialSubject, name: 'Mallory' } };
    const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`;
    expect(() => createVerifier({ ...options, clockTimestamp: ctx().clock.now + 1000 })(tampered)).toThrow(/signature/i);
  });
});
