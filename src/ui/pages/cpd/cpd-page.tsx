/**
 * /cpd (issue 39 item 4): per body the member belongs to, the period, the requirement and progress as meters, what is
 * missing, the entries and the transcripts; the external-activity form below. A member with no memberships is shown
 * where to add them. The machine (cpd.machine.ts) reads the ledger, switches periods and sends the form.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import type { BodyLedger } from '../../../contract/cpd';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { ActivityForm } from './activity-form';
import { BodyLedgerCard } from './body-ledger';
import './cpd.css';

export default function CpdPage() {
  useDocumentTitle('Continuing education');
  const { machines, clock } = useServices();
  const [machine] = useState(machines.cpd);
  const actor = useActorRef(machine, { input: { today: new Date(clock.now()).toISOString().slice(0, 10) } });
  const dashboard = useSelector(actor, (s) => s.value.dashboard);
  const bodies = useSelector(actor, (s) => s.context.bodies) as unknown as BodyLedger[];
  const switching = useSelector(actor, (s) => s.context.switching);
  const loadError = useSelector(actor, (s) => s.context.loadError);

  return (
    <section className="container page cpd-page">
      <h1>Continuing education</h1>
      <p className="cpd-page__lead">
        The credit you earn here and elsewhere, per professional body, against what each body asks of you. Courses with credit add it when
        you pass their assessment; workshops when you attend.
      </p>
      {dashboard === 'loading' && bodies.length === 0 && <Spinner label="Loading your record..." />}
      {dashboard === 'failed' && (
        <div>
          <ErrorState error={new Error(loadError ?? '')} />
          <Button className="button" onPress={() => actor.send({ type: 'ledger.reload' })}>
            Try again
          </Button>
        </div>
      )}
      {dashboard !== 'failed' && dashboard !== 'loading' && bodies.length === 0 && (
        <EmptyState>
          Add your membership numbers (AIA, GBCI, WELL, RIBA, IDCEC or another body) in your{' '}
          <Link href={`${paths.profile}#memberships`}>profile settings</Link> to see your requirements and progress here.
        </EmptyState>
      )}
      {bodies.map((ledger) => (
        <BodyLedgerCard key={`${ledger.body}-${ledger.bodyName}`} ledger={ledger} switching={switching?.body === ledger.body}
          onPeriod={(period) => actor.send({ type: 'period.choose', body: ledger.body, period })} />
      ))}
      {bodies.length > 0 && <ActivityForm actor={actor} bodies={bodies} />}
      <p className="cpd-page__foot">
        Your numbers are in your <Link href={`${paths.profile}#memberships`}>profile settings</Link>.
      </p>
    </section>
  );
}
