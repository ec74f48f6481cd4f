const REASONS = [
  {
    title: 'Made for the built environment',
    text: 'Every course, article and quiz is written for architects, designers, planners and consultants, with the standards and numbers you use at work.',
    icon: 'M3 21h18M5 21V9l7-5 7 5v12M9 21v-6h6v6',
  },
  {
    title: 'Learn at your own pace',
    text: 'Self-paced lessons you can pause and resume, with your progress saved so you pick up exactly where you left off.',
    icon: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
  {
    title: 'Practical and evidence-based',
    text: 'Worked examples, case studies and research papers show what actually cut carbon, saved energy or brought nature back on real projects.',
    icon: 'M9 12l2 2 4-4M5 4h14v16H5z',
  },
  {
    title: 'Certificates that count',
    text: 'Finish a course to earn a certificate you can share with clients and employers as evidence of continuing professional development.',
    icon: 'M12 15a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm-3 .5L8 22l4-2 4 2-1-6.5',
  },
  {
    title: 'A community around the SDGs',
    text: 'Discuss projects and ideas with peers in spaces organised by the UN Sustainable Development Goals, moderated to stay useful.',
    icon: 'M17 20v-2a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v2M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm11 10v-2a4 4 0 0 0-3-3.87M16 2.13a4 4 0 0 1 0 7.75',
  },
  {
    title: 'Affordable for everyone',
    text: 'Start free with introductory courses and monthly quizzes, and upgrade only when you need certificates, workshops and premium research.',
    icon: 'M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  },
] as const;

export function WhyChooseUs() {
  return (
    <section className="home-section home-section--tinted" aria-labelledby="why-choose-us">
      <div className="container">
        <p className="eyebrow">Why SustainLearn</p>
        <h2 id="why-choose-us">Why choose us</h2>
        <ul className="reasons">
          {REASONS.map((reason) => (
            <li key={reason.title} className="reason">
              <span className="reason__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                  <path d={reason.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
              <h3 className="reason__title">{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
