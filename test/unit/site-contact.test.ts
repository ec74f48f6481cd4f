import { describe, expect, it } from 'vitest';
import { addressLinesOf, DEFAULT_CONTACT, fillContact, phoneHref } from '../../src/domain/site';

describe('contact details', () => {
  it('link a phone number by its digits, keeping a leading plus', () => {
    expect(phoneHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(phoneHref('(020) 7946-0958')).toBe('tel:02079460958');
  });

  it('split an address on semicolons and new lines, dropping empty lines', () => {
    expect(addressLinesOf('Studio 4, 12 Greenway Yard; London N1 7GU;; ')).toEqual(['Studio 4, 12 Greenway Yard', 'London N1 7GU']);
    expect(addressLinesOf('A\nB\\nC')).toEqual(['A', 'B', 'C']);
  });

  it('fill every placeholder of a text', () => {
    expect(fillContact('Write to {contactEmail} or {contactEmail}, call {contactPhone}, visit {contactAddress}.', DEFAULT_CONTACT)).toBe(
      'Write to hello@sustainlearn.example or hello@sustainlearn.example, call +44 20 7946 0958, visit Studio 4, 12 Greenway Yard, London N1 7GU, United Kingdom.',
    );
  });
});
