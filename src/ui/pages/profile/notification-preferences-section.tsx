/**
 * 'Notifications' of /profile (issue 37 item 2): for each kind of notification, how it reaches the member (on the
 * site, by email at once, in a daily digest, or off), saved with the browser's time zone, which sets when the digest
 * arrives (08:00 there).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Button, Form, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { toast } from 'sonner';
import { messageOf } from '../../../application/api-error';
import {
  CHANNEL_LABELS, KIND_LABELS, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind, type NotificationPreferences,
} from '../../../domain/notifications';
import { getNotificationPreferences, updateNotificationPreferences } from '../../calls';
import { ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';
import { PushSection } from './push-section';

function ChannelSelect({ kind, value, onChange }: { kind: NotificationKind; value: NotificationChannel; onChange: (value: NotificationChannel) => void }) {
  return (
    <Select className="field profile-select" selectedKey={value} onSelectionChange={(key) => onChange(String(key) as NotificationChannel)}>
      <Label className="field__label">{KIND_LABELS[kind]}</Label>
      <Button className="field__input profile-select__button">
        <SelectValue />
        <span className="profile-select__chevron" aria-hidden="true" />
      </Button>
      <Popover className="profile-select__popover">
        <ListBox className="profile-select__list">
          {NOTIFICATION_CHANNELS.map((channel) => (
            <ListBoxItem key={channel} id={channel} className="profile-select__option" textValue={CHANNEL_LABELS[channel]}>
              {CHANNEL_LABELS[channel]}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** The browser's time zone (in the browser only: the server's would be wrong, and would not match after hydration). */
function useBrowserTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    try {
      setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null);
    } catch {
      setZone(null);
    }
  }, []);
  return zone;
}

export function NotificationPreferencesSection() {
  const { api, log } = useServices();
  const saved = useQuery(getNotificationPreferences, {}, { fresh: true });
  const browserZone = useBrowserTimeZone();
  const [chosen, setChosen] = useState<NotificationPreferences | null>(null);
  const [busy, setBusy] = useState(false);
  const preferences = chosen ?? (saved.status === 'success' ? saved.data.preferences : null);
  const zone = browserZone ?? (saved.status === 'success' ? saved.data.timeZone : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!preferences) return;
    setBusy(true);
    try {
      const answer = await updateNotificationPreferences.use((call) =>
        api.call(call, { body: { preferences, ...(browserZone ? { timeZone: browserZone } : {}) } }),
      );
      setChosen(answer.preferences);
      toast.success('Notification settings saved');
    } catch (failure) {
      log('saving notification settings failed', failure);
      toast.error(messageOf(failure, 'Failed to save your notification settings'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card profile-card" aria-labelledby="notification-settings">
      <h2 id="notification-settings">Notifications</h2>
      <p className="field__help">Choose how each kind of notification reaches you.</p>
      {saved.status === 'error' ? <ErrorState error={saved.error} /> : null}
      {saved.status === 'loading' ? <Spinner label="Loading your notification settings..." /> : null}
      {preferences ? (
        <Form onSubmit={submit} className="form">
          {NOTIFICATION_KINDS.map((kind) => (
            <ChannelSelect key={kind} kind={kind} value={preferences[kind]} onChange={(value) => setChosen({ ...preferences, [kind]: value })} />
          ))}
          <p className="field__help">Daily digests arrive at 08:00 in {zone ?? 'your time zone'} (your browser's time zone, saved with these settings).</p>
          <Button type="submit" className="button button--primary" isDisabled={busy}>
            {busy ? 'Saving...' : 'Save notification settings'}
          </Button>
        </Form>
      ) : null}
      <PushSection />
    </section>
  );
}
