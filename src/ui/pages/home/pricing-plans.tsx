/**
 * The three subscription plans of spec section 1, with the spec's names and prices. Nothing is sold yet (ADR 152):
 * each list names only what the product has today, the note says every member has all of it free during the beta,
 * and 'Enroll' says so in a dialog instead of doing nothing.
 */
import { Suspense, useState } from 'react';
import { lazyPart } from '../../components/lazy-part';
import { useSession } from '../../services-context';

const FEATURES = [
  'Articles and topic quizzes',
  'Introductory courses',
  'The members’ community',
  'Every course, with its certificate',
  'Research papers, ebooks and case studies',
  'Live online workshops',
] as const;
type Feature = (typeof FEATURES)[number];

const PLANS: { id: string; name: string; /** The monthly price as shown; none for the free plan. */ monthly?: string; yearly?: string; lead: string; includes: Feature[]; highlighted?: boolean }[] = [
  {
    id: 'basic',
    name: 'Basic',
    lead: 'Start learning the essentials.',
    includes: ['Articles and topic quizzes', 'Introductory courses', 'The members’ community'],
  },
  {
    id: 'growth',
    name: 'Growth',
    monthly: '$1,000',
    yearly: '$10,000',
    lead: 'Build skills you can certify.',
    includes: ['Articles and topic quizzes', 'Introductory courses', 'The members’ community', 'Every course, with its certificate', 'Research papers, ebooks and case studies'],
    highlighted: true,
  },
  {
    id: 'vision',
    name: 'Vision',
    monthly: '$1,500',
    yearly: '$15,000',
    lead: 'Everything, for leaders and teams.',
    includes: [...FEATURES],
  },
];

const dialog = lazyPart(() => import(/* webpackChunkName: "plans-soon" */ './plans-soon-dialog'));

export function PricingPlans() {
  const { signedIn } = useSession();
  const [asked, setAsked] = useState<{ plan: string; from: HTMLElement } | null>(null);
  return (
    <section className="home-section container" aria-labelledby="pricing-plans">
      <p className="eyebrow">Plans</p>
      <h2 id="pricing-plans">Choose your plan</h2>
      <p className="plans__note">
        SustainLearn is in beta: every member has all of this free, and nothing is sold yet. The plans show how it will
        be offered when they open.
      </p>
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
                return (
                  <li key={feature} className={included ? 'plan__feature' : 'plan__feature plan__feature--no'}>
                    <span aria-hidden="true">{included ? '✓' : '–'}</span>
                    {feature}
                    {!included && <span className="visually-hidden"> (not included)</span>}
                  </li>
                );
              })}
            </ul>
            <button type="button" className={`button button--block${plan.highlighted ? ' button--primary' : ''}`}
              aria-haspopup="dialog" onClick={(event) => setAsked({ plan: plan.name, from: event.currentTarget })} onPointerEnter={() => void dialog.load()}>
              Enroll<span className="visually-hidden"> in the {plan.name} plan</span>
            </button>
          </li>
        ))}
      </ul>
      {asked && (
        <Suspense fallback={null}>
          <dialog.Part plan={asked.plan} signedIn={signedIn} returnTo={asked.from} onClose={() => setAsked(null)} />
        </Suspense>
      )}
    </section>
  );
}

export { FEATURES as PLAN_FEATURES };
