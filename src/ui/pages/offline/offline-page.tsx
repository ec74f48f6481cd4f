/**
 * /offline (issue 42 item 2, ADR 174): what this device keeps for offline reading, with sizes, 'Remove' and the
 * browser's storage estimate. The list is the device's, read once the page is alive; the server draws the frame.
 */
import { useDocumentTitle } from '../../hooks/use-document-title';
import { OFFLINE_TEXT } from '../../../domain/offline';
import { KeptList } from './kept-list';

export default function OfflinePage() {
  useDocumentTitle(OFFLINE_TEXT.heading);
  return (
    <div className="container page offline-page">
      <h1>{OFFLINE_TEXT.heading}</h1>
      <p className="offline-page__intro">
        Courses, articles and library documents you keep open on this device without a connection. Lessons you mark
        complete offline are sent when you are back online. Signing out removes them from this device.
      </p>
      <KeptList />
    </div>
  );
}
