/**
 * Suspending a member (issue 36 item 6): staff sign them out everywhere and refuse their sign-in until it is lifted,
 * with a reason that is shown to them when they try (ADR 140).
 */
export const SUSPENSION_REASON_MAX = 500;

export const SUSPENSION_TEXT = {
  reasonRequired: 'Please give the reason the member will read.',
  reasonTooLong: `The reason can be at most ${SUSPENSION_REASON_MAX} characters.`,
  notYourself: 'You cannot suspend yourself.',
  staffNeedsAdmin: 'Only an admin may suspend a member of staff.',
  deleted: 'This account was deleted; there is nothing to suspend.',
} as const;

/** What a suspended member reads when they try to sign in (and the server's 403 says). */
export function suspendedMessage(reason: string): string {
  const said = reason.trim().replace(/[.\s]+$/, '');
  return `Your account is suspended: ${said}. If you think this is wrong, write to us through the contact page.`;
}

/** Whether a server message is the suspension refusal (the session machine shows it as it is). */
export function isSuspendedMessage(message: string): boolean {
  return message.startsWith('Your account is suspended: ');
}
