/** 'Profile Settings': update first and last name (the call also carries the address), and change the password. */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { toast } from 'sonner';
import { messageOf } from '../../../application/api-error';
import { updatePassword, updateProfile } from '../../calls';
import { nameProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT } from '../../../domain/user';
import { Field, NameFields } from '../../components/fields';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useServices, useSession } from '../../services-context';
import '../auth/auth.css';
import { DeleteAccountSection } from './delete-account-section';
import { YourDataSection } from './your-data-section';
import { DevicesSection } from './devices-section';
import { EmailSection } from './email-section';

export default function ProfilePage() {
  useDocumentTitle('Profile Settings');
  return (
    <section className="container page">
      <h1>Profile Settings</h1>
      <div className="profile-grid">
        <UpdateProfileForm />
        <ChangePasswordForm />
        <EmailSection />
        <DevicesSection />
        <YourDataSection />
        <DeleteAccountSection />
      </div>
    </section>
  );
}

function UpdateProfileForm() {
  const { api, session } = useServices();
  const { user } = useSession();
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [busy, setBusy] = useState(false);
  // Problems with the names are said beside the fields, not in a toast (issue 35).
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  useEffect(() => {
    setFirstName(user?.firstName ?? '');
    setLastName(user?.lastName ?? '');
  }, [user?.firstName, user?.lastName]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = nameProblem(firstName, lastName);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      await updateProfile.use((call) => api.call(call, { body: { firstName: firstName.trim(), lastName: lastName.trim(), address: user?.address ?? '' } }));
      toast.success('Profile updated successfully');
      // The spec: the profile is fetched again after an update.
      session.send({ type: 'user.refreshProfile' });
    } catch (failure) {
      setError(messageOf(failure, 'Failed to update profile'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card profile-card" aria-labelledby="update-profile">
      <h2 id="update-profile">Update Profile</h2>
      <Form onSubmit={submit} className="form">
        <NameFields firstName={firstName} lastName={lastName} onFirstName={setFirstName} onLastName={setLastName} error={error} errorId={errorId} />
        <p className="field__help">Email: {user?.email}</p>
        <Button type="submit" className="button button--primary" isDisabled={busy}>
          {busy ? 'Saving...' : 'Update Profile'}
        </Button>
      </Form>
    </section>
  );
}

function ChangePasswordForm() {
  const { api } = useServices();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (newPassword !== confirm) return setError('New passwords do not match');
    if (newPassword.length < PASSWORD_MIN_LENGTH || newPassword.length > PASSWORD_MAX_LENGTH) return setError(PASSWORD_RULE_TEXT);
    setError(null);
    setBusy(true);
    try {
      // Other devices' tokens die with the change; this one stays valid.
      await updatePassword.use((call) => api.call(call, { body: { currentPassword, newPassword } }));
      toast.success('Password updated successfully');
      setCurrent('');
      setNew('');
      setConfirm('');
    } catch (failure) {
      toast.error(messageOf(failure, 'Failed to update password'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card profile-card" aria-labelledby="change-password">
      <h2 id="change-password">Change Password</h2>
      <Form onSubmit={submit} className="form">
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={currentPassword} onChange={setCurrent} isRequired />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" value={newPassword} onChange={setNew} description={PASSWORD_RULE_TEXT} isRequired />
        <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} isRequired />
        <p className="form__error" role="alert">
          {error ?? ''}
        </p>
        <Button type="submit" className="button button--primary" isDisabled={busy}>
          {busy ? 'Saving...' : 'Change Password'}
        </Button>
      </Form>
    </section>
  );
}
