/**
 * What a workshop session's page says about it below its heading (issue 15): about, who it is for, credit, agenda,
 * hosts and what to prepare. Shared by the session's page and the editors' preview of a series (issue 38).
 */
import type { WorkshopDetail } from '../../../domain/workshops';
import { CreditLines } from '../../components/credit-lines';

export function WorkshopDetails({ workshop }: { workshop: Pick<WorkshopDetail, 'description' | 'audience' | 'credits' | 'agenda' | 'hosts' | 'prepare'> }) {
  return (
    <div className="workshop__body">
      <section aria-labelledby="about-heading">
        <h2 id="about-heading">About this workshop</h2>
        <p>{workshop.description}</p>
        <h3>Who it is for</h3>
        <p>{workshop.audience}</p>
        {workshop.credits.length > 0 && (
          <>
            <h3>Continuing-education credit</h3>
            <CreditLines credits={workshop.credits} label="Credit for attending" />
          </>
        )}
      </section>
      <section aria-labelledby="agenda-heading">
        <h2 id="agenda-heading">Agenda</h2>
        <ol className="workshop__agenda">
          {workshop.agenda.map((a) => (
            <li key={a.item}>
              <span className="workshop__minutes">{a.minutes} min</span> {a.item}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="hosts-heading">
        <h2 id="hosts-heading">{workshop.hosts.length === 1 ? 'Host' : 'Hosts'}</h2>
        <ul className="workshop__hosts">
          {workshop.hosts.map((h) => (
            <li key={h.name}>
              <strong>{h.name}</strong>, {h.role}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="prepare-heading">
        <h2 id="prepare-heading">What to prepare</h2>
        <ul>
          {workshop.prepare.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
