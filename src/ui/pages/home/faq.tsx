/** The home FAQ as an accessible accordion (react-aria DisclosureGroup): each question is a button that shows or hides its answer. */
import { DisclosureList } from '../../components/disclosure-list';

export const FAQ_ITEMS = [
  {
    q: 'Who is SustainLearn for?',
    a: 'Architects, interior designers, urban planners, sustainability consultants, students, academicians, researchers, environmentalists and industry experts: anyone who shapes the built environment and wants to make it low-carbon, healthy and good for nature.',
  },
  {
    q: 'How are the courses structured?',
    a: 'Each course is a series of modules with short lessons, each with its duration in minutes, followed by quizzes that check your understanding. Course pages list the learning objectives and the full curriculum before you start.',
  },
  {
    q: 'Are the courses self-paced?',
    a: 'Yes. There are no fixed start dates or deadlines: start when you like, pause at any time and continue from where you stopped, on any device.',
  },
  {
    q: 'Can I buy a single course without a subscription?',
    a: 'Yes. Paid courses can be purchased individually, and free courses are open to everyone with an account. A plan is the better value if you want several courses, workshops and premium resources.',
  },
  {
    q: 'Do I get a certificate?',
    a: 'Growth and Vision members receive a certificate for every course they complete. It names the course and its duration, so you can record it as continuing professional development.',
  },
  {
    q: 'Can I track my progress?',
    a: 'Every course lists its modules and the minutes each lesson takes, so you always know how far you are and what is left, and every topic quiz ends with a score card you can download as a PDF.',
  },
  {
    q: 'What is the difference between free and premium content?',
    a: 'Free content includes introductory courses, articles, monthly quizzes and read-only community access. Premium plans add certificates, downloadable resources, the leaderboard, premium research papers and ebooks, live workshops and group discussions.',
  },
  {
    q: 'How do I get support?',
    a: 'Email us at hello@sustainlearn.example or use the contact page. We answer by e-mail within two working days.',
  },
  {
    q: 'Do you create custom courses for organisations?',
    a: 'Yes. We build private courses and workshops for practices, developers, local authorities and universities, tailored to your projects, standards and sustainability goals. Contact us to discuss what your team needs.',
  },
] as const;

export function Faq() {
  return (
    <section className="home-section container faq" aria-labelledby="faq-heading">
      <p className="eyebrow">Questions</p>
      <h2 id="faq-heading">Frequently asked questions</h2>
      <DisclosureList items={FAQ_ITEMS.map((item) => ({ title: item.q, text: item.a }))} />
    </section>
  );
}
