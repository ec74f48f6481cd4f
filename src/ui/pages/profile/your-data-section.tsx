/** 'Your data' on Profile Settings (issue 35, ADR 134): download everything the member has here as a ZIP. */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { saveAccountExport } from '../../../application/account-export';
import { messageOf } from '../../../application/api-error';
import { useServices } from '../../services-context';
import './account-data.css';

export const YOUR_DATA_TEXT = {
  saved: 'Your data is downloaded',
  failed: 'Could not download your data. Please try again.',
} as const;

export function YourDataSection() {
  const { api, files, clock, notifier, log } = useServices();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await saveAccountExport(api, files, clock.now());
      notifier.success(YOUR_DATA_TEXT.saved);
    } catch (error) {
      log('downloading the account data failed', error);
      notifier.error(messageOf(error, YOUR_DATA_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="auth-card profile-card" aria-labelledby="your-data">
      <h2 id="your-data">Your data</h2>
      <p className="account-data__lead">
        Download a ZIP file of your profile, posts, comments, likes, course progress, quiz and assessment results, certificates and
        workshop registrations, with the PDFs of your quiz results and certificates.
      </p>
      <Button className="button button--primary" onPress={download} isDisabled={busy}>
        {busy ? 'Preparing your data...' : 'Download my data'}
      </Button>
    </section>
  );
}
