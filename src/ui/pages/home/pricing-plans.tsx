/** The three subscription plans of spec section 1. For display only: the enroll button does nothing. */
const FEATURES = [
  'Introductory courses',
  'Community access',
  'Monthly quizzes',
  'Leaderboard',
  'Downloadable resources',
  'Certificate',
  'Premium research papers and ebooks',
  'Workshops',
  'Group discussions',
] as const;
type Feature = (typeof FEATURES)[number];

const PLANS: { id: string; name: string; /** The monthly price as shown; none for the free plan. */ monthly?: string; yearly?: string; lead: string; includes: Feature[]; community: string; highlighted?: boolean }[] = [
  {
    id: 'basic',
    name: 'Basic',
    lead: 'Start learning the essentials.',
    includes: ['Introductory courses', 'Community access', 'Monthly quizzes'],
    community: 'Community access (read-only)',
  },
  {
    id: 'growth',
    name: 'Growth',
    monthly: '1,000',
    yearly: '10,000',
    lead: 'Build skills you can certify.',
    includes: ['Introductory courses', 'Community access', 'Monthly quizzes', 'Leaderboard', 'Downloadable resources', 'Certificate'],
    community: 'Community access (full)',
    highlighted: true,
  },
  {
    id: 'vision',
    name: 'Vision',
    monthly: '1,500',
    yearly: '15,000',
    lead: 'Everything, for leaders and teams.',
    includes: [...FEATURES],
    community: 'Community access (full)',
  },
];

export function PricingPlans() {
  return (
    <section className="home-section container" aria-labelledby="pricing-plans">
      <p className="eyebrow">Plans</p>
      <h2 id="pricing-plans">Choose your plan</h2>
      <ul className="plans">
        {PLANS.map((plan) => (
          <li key={plan.id} className={`plan${plan.highlighted ? ' plan--highlighted' : ''}`}>
            {plan.highlighted && <span className="plan__tag">Most popular</span>}
            <h3 className="plan__name">{plan.name}</h3>
            <p className="plan__lead">{plan.lead}</p>
            <p className="plan__price">
              {plan.monthly === undefined ? (
                // The spec's "00 per month" read as a typo; a person reads this as free.
                <span className="plan__amount">Free</span>
              ) : (
                <>
                  <span className="plan__amount">{plan.monthly}</span> per month
                </>
              )}
            </p>
            <p className="plan__yearly">{plan.yearly ? `or ${plan.yearly} yearly` : 'No monthly fee'}</p>
            <ul className="plan__features">
              {FEATURES.map((feature) => {
                const included = plan.includes.includes(feature);
                const label = feature === 'Community access' ? plan.community : feature;
                return (
                  <li key={feature} className={included ? 'plan__feature' : 'plan__feature plan__feature--no'}>
                    <span aria-hidden="true">{included ? '✓' : '–'}</span>
                    {label}
                    {!included && <span className="visually-hidden"> (not included)</span>}
                  </li>
                );
              })}
            </ul>
            <button type="button" className={`button button--block${plan.highlighted ? ' button--primary' : ''}`}>
              Enroll<span className="visually-hidden"> in the {plan.name} plan</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
