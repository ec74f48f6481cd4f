/**
 * 'Profile Settings': one card per section, each in its own file beside this one (the profile's fields, the
 * picture, the email, signed-in devices, your data, deleting the account), and the password change. A new section is one more file and one more line in the grid below.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { toast } from 'sonner';
import { fieldErrorsOf, messageOf } from '../../../application/api-error';
import { updatePassword } from '../../calls';
import { PASSWORD_INPUT_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT } from '../../../domain/user';
import { Field } from '../../components/fields';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useServices } from '../../services-context';
import { AvatarSection } from './avatar-section';
import { DeleteAccountSection } from './delete-account-section';
import { DevicesSection } from './devices-section';
import { EmailSection } from './email-section';
import { MembershipsSection } from './memberships-section';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { ProfileFieldsSection } from './profile-fields-section';
import { YourDataSection } from './your-data-section';
import '../auth/auth.css';
import './profile.css';

export default function ProfilePage() {
  useDocumentTitle('Profile Settings');
  return (
    <section className="container page">
      <h1>Profile Settings</h1>
      <div className="profile-grid">
        <ProfileFieldsSection />
        <AvatarSection />
        <MembershipsSection />
        <ChangePasswordForm />
        <EmailSection />
        <NotificationPreferencesSection />
        <DevicesSection />
        <YourDataSection />
        <DeleteAccountSection />
      </div>
    </section>
  );
}

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
const PASSWORD_UPDATED = 'Password updated successfully';

/**
 * 'Change Password': each problem beside its field (the server's too, ADR 164), and the outcome in a status line the
 * focus moves to, so the reader hears it where the button was.
 */
function ChangePasswordForm() {
  const { api } = useServices();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    const found: Partial<Record<PasswordField, string>> = {};
    if (newPassword.length < PASSWORD_MIN_LENGTH || newPassword.length > PASSWORD_MAX_LENGTH) found.newPassword = PASSWORD_RULE_TEXT;
    if (newPassword !== confirm) found.confirmPassword = 'New passwords do not match';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      // Other devices' tokens die with the change; this one stays valid.
      await updatePassword.use((call) => api.call(call, { body: { currentPassword, newPassword } }));
      setCurrent('');
      setNew('');
      setConfirm('');
      setDone(PASSWORD_UPDATED);
    } catch (failure) {
      const byField = fieldErrorsOf(failure);
      if (byField?.currentPassword || byField?.newPassword) {
        setErrors({ currentPassword: byField.currentPassword, newPassword: byField.newPassword });
      } else {
        toast.error(messageOf(failure, 'Failed to update password'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card profile-card" aria-labelledby="change-password">
      <h2 id="change-password">Change Password</h2>
      <Form onSubmit={submit} className="form">
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={currentPassword} onChange={setCurrent}
          isRequired maxLength={PASSWORD_INPUT_MAX_LENGTH} error={errors.currentPassword ?? null} />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" value={newPassword} onChange={setNew}
          description={PASSWORD_RULE_TEXT} isRequired maxLength={PASSWORD_MAX_LENGTH} error={errors.newPassword ?? null} />
        <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={setConfirm}
          isRequired maxLength={PASSWORD_MAX_LENGTH} error={errors.confirmPassword ?? null} />
        <Button type="submit" className="button button--primary" isDisabled={busy}>
          {busy ? 'Saving...' : 'Change Password'}
        </Button>
        <p ref={status} className="form__status" role="status" tabIndex={-1}>
          {done}
        </p>
      </Form>
    </section>
  );
}
