/**
 * The mails' HTML carries what members typed (a first name) and what editors wrote (a workshop's title) as text, never
 * as markup; the plain-text part carries it as it is. Escaped by the one escapeMarkup (src/domain/text.ts).
 */
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { existingAccountMail, otpMail } from '../../server/mail/auth-mails';
import { cancelledMail, registeredMail, type WorkshopMailFacts } from '../../server/mail/workshop-mails';

const HOSTILE = `<img src=x onerror="alert('x')"> & Co`;
const facts: WorkshopMailFacts = {
  to: 'ada@example.com',
  firstName: HOSTILE,
  title: `Retrofit <b>first</b> & "fabric" it's`,
  startsAt: new Date('2026-12-03T15:00:00Z'),
  durationMinutes: 90,
  timeZone: 'Europe/London',
  pageUrl: 'https://sustainlearn.example/workshops/retrofit?a=1&b=2',
};

describe('the mails hold typed text as text', () => {
  it.each([
    ['registered', registeredMail(facts, 'BEGIN:VCALENDAR')],
    ['cancelled', cancelledMail(facts)],
  ])('the workshop mail (%s): no tag or attribute from the name or the title, and the text part unchanged', (_, mail) => {
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; Co,');
    expect(mail.html).toContain('<strong>Retrofit &lt;b&gt;first&lt;/b&gt; &amp; &quot;fabric&quot; it&#39;s</strong>');
    expect(mail.html).toContain('<a href="https://sustainlearn.example/workshops/retrofit?a=1&amp;b=2">');
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
    expect(mail.text).toContain(facts.title);
    // Well-formed apart from the doctype and the <br> void element: every entity and quote is closed.
    const body = mail.html.replace(/^<!doctype html>/, '').replace(/<br>/g, '<br/>');
    expect(XMLValidator.validate(body)).toBe(true);
  });

  it('the account mails escape the address they link to', () => {
    const origin = 'https://sustainlearn.example/?x="1"&y=<2>';
    for (const mail of [otpMail('ada@example.com', 'signup', '123456', origin), existingAccountMail('ada@example.com', origin)]) {
      expect(mail.html).not.toContain('"1"');
      expect(mail.html).toContain('https://sustainlearn.example/?x=&quot;1&quot;&amp;y=&lt;2&gt;');
    }
  });
});
