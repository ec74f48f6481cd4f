/**
 * The about area (/sustainlearn): hero, mission, vision, the five values (one open at a time), the strategy aligned
 * with the SDGs in three groups, and the team. The footer's links scroll to our-mission, our-vision, our-values and
 * our-strategy, so those sections can take focus.
 */
import { Link } from 'wouter';
import { DisclosureList } from '../../components/disclosure-list';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../routes';
import { FOUNDER, MISSION, SDG_COLOURS, SDG_NAMES, STRATEGY_GROUPS, VALUES, VISION } from '../../../domain/about';
import './about.css';

export default function AboutPage() {
  useDocumentTitle('About SustainLearn');
  return (
    <div className="about">
      <header className="about-hero">
        <div className="container about-hero__grid">
          <div>
            <p className="eyebrow">About us</p>
            <h1>About SustainLearn</h1>
            <p className="about-hero__lead">
              SustainLearn is a learning platform and community for the people who shape the built environment: architects,
              interior designers, urban planners, sustainability consultants, students, researchers and industry experts.
            </p>
            <div className="about-hero__actions">
              <Link href={paths.community} className="button button--primary">
                Join the community
              </Link>
              <Link href={paths.articles} className="button">
                Read our articles
              </Link>
            </div>
          </div>
          <ul className="about-hero__facts" aria-label="SustainLearn at a glance">
            <li>
              <strong>7</strong> learning topics, from carbon to circular economy
            </li>
            <li>
              <strong>17</strong> Sustainable Development Goals guiding what we teach
            </li>
            <li>
              <strong>1</strong> community for everyone who designs and builds
            </li>
          </ul>
        </div>
      </header>

      <div className="container about__pair">
        <section id="our-mission" tabIndex={-1} className="about-section about-card" aria-labelledby="our-mission-title">
          <p className="eyebrow">Our mission</p>
          <h2 id="our-mission-title">{MISSION.title}</h2>
          <p>{MISSION.text}</p>
        </section>
        <section id="our-vision" tabIndex={-1} className="about-section about-card" aria-labelledby="our-vision-title">
          <p className="eyebrow">Our vision</p>
          <h2 id="our-vision-title">{VISION.title}</h2>
          <p>{VISION.text}</p>
        </section>
      </div>

      <section id="our-values" tabIndex={-1} className="about-section container" aria-labelledby="our-values-title">
        <p className="eyebrow">Our values</p>
        <h2 id="our-values-title">What we stand for</h2>
        <DisclosureList items={VALUES} defaultOpen={0} className="about-values" />
      </section>

      <section id="our-strategy" tabIndex={-1} className="about-section about-strategy" aria-labelledby="our-strategy-title">
        <div className="container">
          <p className="eyebrow">Our strategy</p>
          <h2 id="our-strategy-title">Aligned with the Sustainable Development Goals</h2>
          <p className="about-strategy__lead">
            Everything we publish serves one of three groups of the UN Sustainable Development Goals.
          </p>
          <ul className="strategy-groups">
            {STRATEGY_GROUPS.map((group) => (
              <li key={group.title} className="strategy-group">
                <h3>{group.title}</h3>
                <p>{group.text}</p>
                <p className="strategy-group__goals-label">Goals {group.goals.join(', ')}</p>
                <ul className="sdg-list" aria-label={`${group.title} goals`}>
                  {group.goals.map((goal) => (
                    <li key={goal} className="sdg" style={{ borderLeftColor: SDG_COLOURS[goal] }}>
                      <span className="sdg__number">{goal}</span>
                      <span className="sdg__name">{SDG_NAMES[goal]}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="about-section container" aria-labelledby="team-title">
        <p className="eyebrow">Our team</p>
        <h2 id="team-title">The people behind SustainLearn</h2>
        <div className="founder">
          <svg className="founder__portrait" viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="Illustration of the SustainLearn editorial team">
            <circle cx="80" cy="80" r="80" fill="#a7d7b8" />
            <circle cx="80" cy="64" r="30" fill="#1f6f4a" />
            <path d="M28 140c8-30 30-44 52-44s44 14 52 44" fill="#1f6f4a" />
          </svg>
          <div>
            <h3 className="founder__name">{FOUNDER.name}</h3>
            <p className="founder__role">{FOUNDER.role}</p>
            {FOUNDER.paragraphs.map((p) => (
              <p key={p.slice(0, 20)}>{p}</p>
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}
