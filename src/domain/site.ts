/**
 * How people reach the team (issue 41 item 12): the email, phone and postal address the footer, the contact page, the
 * FAQ, the accessibility statement and the legal documents show. They come from the server's settings
 * (CONTACT_EMAIL, CONTACT_PHONE, CONTACT_ADDRESS), so an operator changes them in one place.
 */
export interface SiteContact {
  email: string;
  /** As people read it: '+44 20 7946 0958'. */
  phone: string;
  /** The postal address, one line each. */
  addressLines: string[];
}

/** The defaults: an example domain and a number from Ofcom's range kept for drama (020 7946 0xxx), never a real line. */
export const DEFAULT_CONTACT: SiteContact = {
  email: 'hello@sustainlearn.example',
  phone: '+44 20 7946 0958',
  addressLines: ['Studio 4, 12 Greenway Yard', 'London N1 7GU, United Kingdom'],
};

/** A `tel:` link for a phone number as people write it: only its digits and a leading plus. */
export function phoneHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** CONTACT_ADDRESS's lines: separated by semicolons or new lines, each trimmed, empty ones dropped. */
export function addressLinesOf(address: string): string[] {
  return address.split(/;|\r?\n|\\n/).map((line) => line.trim()).filter((line) => line.length > 0);
}

/** A text written with `{contactEmail}`, `{contactPhone}` and `{contactAddress}`, filled with the contact details. */
export function fillContact(text: string, contact: SiteContact): string {
  return text
    .replaceAll('{contactEmail}', contact.email)
    .replaceAll('{contactPhone}', contact.phone)
    .replaceAll('{contactAddress}', contact.addressLines.join(', '));
}
