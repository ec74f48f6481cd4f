/** Upcoming workshops, soonest first: image, title, date and time, duration, and 'Join Workshop' to /workshops/{id}. */
import { Link } from 'wouter';
import { listWorkshops } from '../../calls';
import { LocalTime } from '../../components/local-time';
import { paths } from '../../routes';
import { LibraryListPage } from './library-list';
import { coverSources } from '../../components/picture-sources';

export default function WorkshopsPage() {
  return (
    <LibraryListPage
      call={listWorkshops}
      pick={(data) => data.workshops}
      title="Upcoming Workshops"
      lead="Live online sessions with practitioners: bring your questions and your projects."
      loadingLabel="Loading workshops..."
      empty="No upcoming workshops available"
      idPrefix="workshop"
      testId="workshop-card"
      card={(workshop, titleId) => (
        <>
          <img className="library-card__image" {...coverSources(workshop.imageUrl, 'card')} alt={`Illustration: ${workshop.title}`} width={800} height={450} loading="lazy" />
          <div className="card__body">
            <h2 className="card__title" id={titleId}>
              {workshop.title}
            </h2>
            <dl className="library-facts">
              <div>
                <dt>Date and time</dt>
                <dd>
                  <LocalTime iso={workshop.date} zone={workshop.timeZone} />
                </dd>
              </div>
              <div>
                <dt>Duration</dt>
                <dd>{workshop.duration} mins</dd>
              </div>
            </dl>
            <p className="library-card__text">{workshop.description}</p>
            <Link className="button button--primary library-card__action" href={paths.workshop(workshop._id)} aria-describedby={titleId}>
              Join Workshop
            </Link>
          </div>
        </>
      )}
    />
  );
}
