/**
 * The accessibility statement (issue 17), in the form GOV.UK uses: the standard, how accessible the site is, what is
 * not yet, how it is tested, and how to report a barrier (through the contact form).
 */
import { Link } from 'wouter';
import { DEFAULT_CONTACT } from '../../../domain/site';
import { PageIntro } from '../../components/page-intro';
import { useSiteContact } from '../../hooks/use-site-contact';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../routes';
import './accessibility.css';

export const STATEMENT_PREPARED = 'November 28, 2026';

export default function AccessibilityPage() {
  const contact = useSiteContact() ?? DEFAULT_CONTACT;
  useDocumentTitle('Accessibility statement');
  return (
    <div className="statement">
      <PageIntro
        eyebrow="Accessibility"
        title="Accessibility statement for SustainLearn"
        lead="SustainLearn is for everyone who designs, builds and runs our buildings and cities, including people who use a keyboard, a screen reader, magnification or other assistive technology."
      />
      <div className="container statement__body">
        <section aria-labelledby="using">
          <h2 id="using">Using this website</h2>
          <p>You should be able to:</p>
          <ul>
            <li>use every page and every step of signing up, taking a course, a quiz or a discussion with a keyboard alone;</li>
            <li>use every page with a screen reader: headings, labelled fields, errors tied to their fields, and spoken status messages;</li>
            <li>zoom to 400% and use the site at 320 CSS pixels wide without scrolling sideways (tables of lessons scroll in their own box);</li>
            <li>change the spacing of text without losing any of it, and use forced colours (Windows contrast themes);</li>
            <li>stop anything that moves: the home page's slides never advance on their own when your system asks for reduced motion, and have a pause button;</li>
            <li>paste codes and passwords and use a password manager in every sign-in field;</li>
            <li>download your data and delete your account from Profile Settings with a keyboard alone: the delete asks in a dialog that says what happens, and the focus returns where it was if you cancel.</li>
          </ul>
        </section>

        <section aria-labelledby="standard">
          <h2 id="standard">Compliance status</h2>
          <p>
            This website is partially compliant with the{' '}
            <a href="https://www.w3.org/TR/WCAG22/" rel="noopener noreferrer">Web Content Accessibility Guidelines (WCAG) version 2.2</a> AA
            standard, because of the documents listed below. The web pages themselves meet the standard.
          </p>
        </section>

        <section aria-labelledby="limits">
          <h2 id="limits">What is not accessible yet</h2>
          <ul>
            <li>
              The PDF documents (ebooks, research papers, newsletters, case studies, quiz results and certificates) are not tagged PDFs. Their
              text can be selected and read aloud, but a screen reader does not get their headings and reading order. Each document's key
              content is also on the page that links to it, and certificates have a web page that says everything the PDF does. The same
              PDFs are in the ZIP file that 'Download my data' saves; everything else in it is plain-text JSON.
            </li>
            <li>
              The Terms &amp; Conditions and Privacy Policy open as PDFs in a dialog. If that does not suit you, ask through the contact
              form and we will send the text in the format you need.
            </li>
            <li>Quiz question cards are pictures; the question, the answers and the explanation are always given as text beside them.</li>
          </ul>
        </section>

        <section aria-labelledby="testing">
          <h2 id="testing">How we test</h2>
          <p>Every change to the product is tested before it is released:</p>
          <ul>
            <li>axe-core checks every screen and every step of every journey against WCAG 2.0, 2.1 and 2.2 A and AA rules;</li>
            <li>each journey (sign up, sign in, a quiz, a course to its certificate, posting and commenting) is walked with a virtual screen reader, and what it announces is checked phrase by phrase;</li>
            <li>every route is checked at 1280 and 375 pixels for visible focus, focus hidden under the sticky bar, target sizes, reflow at 320 pixels, text spacing, reduced motion and forced colours;</li>
            <li>the same journeys, and downloading your data and deleting your account, are tested with a keyboard alone.</li>
          </ul>
          <p>This statement was prepared on {STATEMENT_PREPARED} and is reviewed with every release.</p>
        </section>

        <section aria-labelledby="report">
          <h2 id="report">Reporting a barrier</h2>
          <p>
            If you find a part of SustainLearn you cannot use, or need content in another format, tell us through the{' '}
            <Link href={paths.contact}>contact form</Link> or by email at <a href={`mailto:${contact.email}`}>{contact.email}</a>. Say
            which page, what you were trying to do and what assistive technology you use, if any. We reply within two working days.
          </p>
          <p>
            If you are not happy with how we respond and you are in the UK, you can contact the{' '}
            <a href="https://www.equalityadvisoryservice.com/" rel="noopener noreferrer">Equality Advisory and Support Service (EASS)</a>.
          </p>
        </section>
      </div>
    </div>
  );
}
