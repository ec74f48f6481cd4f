/** The home FAQ as an accessible accordion (react-aria DisclosureGroup): each question is a button that shows or hides its answer. */
import { DEFAULT_CONTACT, fillContact } from '../../../domain/site';
import { DisclosureList } from '../../components/disclosure-list';
import { useSiteContact } from '../../hooks/use-site-contact';

export const FAQ_ITEMS = [
  {
    q: 'Who is SustainLearn for?',
    a: 'Architects, interior designers, urban planners, sustainability consultants, students, academicians, researchers, environmentalists and industry experts: anyone who shapes the built environment and wants to make it low-carbon, healthy and good for nature.',
  },
  {
    q: 'How are the courses structured?',
    a: 'Each course is a series of modules of short lessons, each with its duration in minutes, and ends with an assessment you pass at 70%. Course pages list the learning objectives and the full curriculum before you start.',
  },
  {
    q: 'Are the courses self-paced?',
    a: 'Yes. There are no fixed start dates or deadlines: start when you like, pause at any time and continue from where you stopped, on any device.',
  },
  {
    q: 'Can I buy a single course without a subscription?',
    a: 'Not yet: nothing is sold on SustainLearn today. While we are in beta every course is free to members, including those with a listed price. Before plans or single courses can be bought, this page will say so, and nobody is charged until then.',
  },
  {
    q: 'Do I get a certificate?',
    a: 'Yes. Every member who completes a course and passes its assessment receives a certificate in the name they confirm, with the course, its hours of learning and a public page where anyone can verify it. You can record it in your own continuing professional development log; SustainLearn is not an accredited provider.',
  },
  {
    q: 'Can I track my progress?',
    a: 'Every course lists its modules and the minutes each lesson takes, so you always know how far you are and what is left, and every topic quiz ends with a score card you can download as a PDF.',
  },
  {
    q: 'What is the difference between free and premium content?',
    a: 'Today, none: during the beta every member has every course and its certificate, the library, the workshops and the community, free. The plans above show how SustainLearn will be offered when they open.',
  },
  {
    q: 'How do I get support?',
    a: 'Email us at {contactEmail} or use the contact page: every message reaches the team’s inbox, and we answer by email.',
  },
  {
    q: 'Do you create custom courses for organisations?',
    a: 'Not yet. If your practice, authority or university needs one, tell us through the contact page: every message reaches the team, and what teams ask for decides what we build next.',
  },
] as const;

export function Faq() {
  // Until the settings arrive (a page the server drew carries them), the answer names the default address.
  const contact = useSiteContact() ?? DEFAULT_CONTACT;
  return (
    <section className="home-section container faq" aria-labelledby="faq-heading">
      <p className="eyebrow">Questions</p>
      <h2 id="faq-heading">Frequently asked questions</h2>
      <DisclosureList items={FAQ_ITEMS.map((item) => ({ title: item.q, text: fillContact(item.a, contact) }))} />
    </section>
  );
}
