/**
 * The name on a certificate (issue 35, ADR 131): the member confirms it before the certificate is issued, and it is
 * never an email address. One rule for the dialog, the contract and the server.
 */
export const CERTIFICATE_NAME_MAX = 200;

export const CERTIFICATE_NAME_TEXT = {
  required: 'Please enter the name for your certificate',
  tooLong: `The name must be at most ${CERTIFICATE_NAME_MAX} characters`,
  noEmail: 'Enter your name, not an email address',
} as const;

/** Why a name cannot go on a certificate, or null when it can (trimmed, 1 to 200 characters, no '@'). */
export function certificateNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return CERTIFICATE_NAME_TEXT.required;
  if (trimmed.length > CERTIFICATE_NAME_MAX) return CERTIFICATE_NAME_TEXT.tooLong;
  if (trimmed.includes('@')) return CERTIFICATE_NAME_TEXT.noEmail;
  return null;
}
