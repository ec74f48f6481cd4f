/**
 * The community landing (/sustain-community): who can join, the benefits and the nine participation guidelines.
 * Signed-in members get a link to /discussion; visitors get 'Create Your Account', which remembers this page.
 */
import { Link, useLocation } from 'wouter';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../routes';
import { useSession } from '../../services-context';
import './community.css';

const GROUPS = [
  { title: 'Architects and interior designers', text: 'Share details, specifications and lessons from low-carbon, healthy buildings.' },
  { title: 'Urban planners', text: 'Discuss neighbourhoods, mobility, green infrastructure and SDG 11 in practice.' },
  { title: 'Sustainability consultants', text: 'Compare methods for carbon, energy, water and biodiversity assessments.' },
  { title: 'Students and academicians', text: 'Test ideas, find projects and connect study with real-world practice.' },
  { title: 'Researchers', text: 'Bring new evidence to practitioners and hear which questions matter on site.' },
  { title: 'Environmentalists and industry experts', text: 'Connect policy, products and construction with what nature needs.' },
] as const;

const BENEFITS = [
  'Discussions organised by the UN Sustainable Development Goals, so you find the right people fast',
  'Answers from practitioners who have solved the same problem on real projects',
  'Early news of workshops, courses and research from the SustainLearn team',
  'A place to share your own work, get feedback and build your professional network',
  'Likes and threaded replies that bring the most useful contributions to the top',
] as const;

export const GUIDELINES = [
  { title: 'Stay on topic', text: 'Post in the SDG category and subcategory that fits, and keep replies relevant to the discussion.' },
  { title: 'Be respectful', text: 'Critique ideas, not people. No harassment, discrimination or personal attacks.' },
  { title: 'Cite your sources', text: 'Link to the standard, study or data behind a claim so others can check it.' },
  { title: 'No sensationalism', text: 'Keep headlines and claims accurate; avoid exaggeration and clickbait.' },
  { title: 'Promotion only where it belongs', text: 'Promote products, services or events only in designated areas or with admin approval.' },
  { title: 'Protect privacy', text: 'Do not share personal data, confidential project information or private messages.' },
  { title: 'Respect intellectual property', text: 'Share your own work or credit the author, and respect copyright and licences.' },
  { title: 'Report inappropriate content', text: 'Use the report option or tell the moderators instead of replying in kind.' },
  { title: 'Help each other learn', text: 'Welcome newcomers, explain jargon and share what worked and what did not.' },
] as const;

export default function CommunityPage() {
  useDocumentTitle('SustainLearn Community');
  const { signedIn } = useSession();
  const [location] = useLocation();
  const cta = signedIn ? (
    <Link href={paths.discussion} className="button button--primary">
      Go to the discussions
    </Link>
  ) : (
    <Link href={`${paths.signup}?from=${encodeURIComponent(location)}`} className="button button--primary">
      Create Your Account
    </Link>
  );

  return (
    <div className="community">
      <header className="community-hero">
        <div className="container">
          <p className="eyebrow">Community</p>
          <h1>SustainLearn Community</h1>
          <p className="community-hero__lead">
            A members-only space where people who design, plan and build share questions, evidence and experience, organised
            around the UN Sustainable Development Goals.
          </p>
          <div className="community-hero__actions">{cta}</div>
        </div>
      </header>

      <section className="container community-section" aria-labelledby="who-can-join">
        <h2 id="who-can-join">Who can join</h2>
        <ul className="community-groups">
          {GROUPS.map((group) => (
            <li key={group.title} className="community-group">
              <h3>{group.title}</h3>
              <p>{group.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="community-section community-benefits" aria-labelledby="benefits">
        <div className="container community-benefits__grid">
          <div>
            <h2 id="benefits">Why join</h2>
            <p>Membership is free with a SustainLearn account.</p>
          </div>
          <ul className="checklist">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container community-section" aria-labelledby="guidelines">
        <h2 id="guidelines">Participation guidelines</h2>
        <p className="community-section__lead">Nine simple rules keep the community useful and welcoming for everyone.</p>
        <ol className="guidelines">
          {GUIDELINES.map((rule) => (
            <li key={rule.title} className="guideline">
              <h3>{rule.title}</h3>
              <p>{rule.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="container community-cta" aria-labelledby="ready">
        <h2 id="ready">Ready to take part?</h2>
        <p>{signedIn ? 'Pick an SDG category and start a discussion.' : 'It takes a minute to create your free account.'}</p>
        {cta}
      </section>
    </div>
  );
}
