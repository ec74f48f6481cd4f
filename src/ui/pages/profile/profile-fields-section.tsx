/**
 * 'Update Profile': first and last name, and the public profile of issue 35 (headline, profession, organisation and
 * a short bio), each with its problem said beside it. The address goes back as it was (the spec's call carries it).
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, Form, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { fieldErrorsOf, messageOf } from '../../../application/api-error';
import { BIO_MAX, HEADLINE_MAX, isProfession, ORGANISATION_MAX, type Profession, PROFESSIONS, type ProfileField, type ProfileFields, profileFieldOf, profileProblems } from '../../../domain/member';
import { nameProblem } from '../../../domain/user';
import { getMember, updateProfile } from '../../calls';
import { Field, InlineError, NameFields } from '../../components/fields';
import { useQuery } from '../../hooks/use-query';
import { useServices, useSession } from '../../services-context';

const NO_PROFESSION = 'none';
const PROFILE_UPDATED = 'Profile updated successfully';
const EMPTY: ProfileFields = { headline: '', profession: '', organisation: '', bio: '' };
type Problems = Partial<Record<ProfileField | 'names', string>>;

function ProfessionSelect({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const errorId = useId();
  return (
    <Select className="field profile-select" selectedKey={value || NO_PROFESSION} onSelectionChange={(key) => onChange(key === NO_PROFESSION ? '' : String(key))}
      aria-describedby={error ? errorId : undefined}>
      <Label className="field__label">Profession</Label>
      <Button className="field__input profile-select__button" aria-invalid={error ? true : undefined}>
        <SelectValue />
        <span className="profile-select__chevron" aria-hidden="true" />
      </Button>
      <Popover className="profile-select__popover">
        <ListBox className="profile-select__list">
          <ListBoxItem id={NO_PROFESSION} className="profile-select__option" textValue="Not set">
            Not set
          </ListBoxItem>
          {PROFESSIONS.map((profession) => (
            <ListBoxItem key={profession} id={profession} className="profile-select__option" textValue={profession}>
              {profession}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
      <InlineError id={errorId} error={error} />
    </Select>
  );
}

export function ProfileFieldsSection() {
  const { api, session } = useServices();
  const { user } = useSession();
  const saved = useQuery(user ? getMember : null, { params: { id: user?._id ?? '' } }, { fresh: true });
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [fields, setFields] = useState<ProfileFields>(EMPTY);
  const [busy, setBusy] = useState(false);
  // Each problem is said beside its field, not in a toast (issue 35).
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);
  const namesErrorId = useId();
  useEffect(() => {
    setFirstName(user?.firstName ?? '');
    setLastName(user?.lastName ?? '');
  }, [user?.firstName, user?.lastName]);
  const member = saved.data?.member;
  useEffect(() => {
    if (member) setFields({ headline: member.headline, profession: member.profession, organisation: member.organisation, bio: member.bio });
  }, [member]);
  const set = (field: ProfileField) => (value: string) => setFields((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    const names = nameProblem(firstName, lastName);
    const found: Problems = { ...profileProblems(fields), ...(names ? { names } : {}) };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const profession: Profession | '' = isProfession(fields.profession) ? fields.profession : '';
      const body = {
        firstName: firstName.trim(), lastName: lastName.trim(), address: user?.address ?? '',
        headline: fields.headline.trim(), profession, organisation: fields.organisation.trim(), bio: fields.bio.trim(),
      };
      await updateProfile.use((call) => api.call(call, { body }));
      // Said where the focus goes, below the button (ADR 164).
      setDone(PROFILE_UPDATED);
      // The spec: the profile is fetched again after an update.
      session.send({ type: 'user.refreshProfile' });
    } catch (failure) {
      // The server's problems by field, in its words beside each (ADR 164); anything else as before.
      const byField = fieldErrorsOf(failure);
      if (byField) {
        setProblems({
          names: byField.firstName ?? byField.lastName, headline: byField.headline, profession: byField.profession,
          organisation: byField.organisation, bio: byField.bio,
        });
      } else {
        const message = messageOf(failure, 'Failed to update profile');
        setProblems({ [profileFieldOf(message) ?? 'names']: message });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card profile-card" aria-labelledby="update-profile">
      <h2 id="update-profile">Update Profile</h2>
      <Form onSubmit={submit} className="form">
        <NameFields firstName={firstName} lastName={lastName} onFirstName={setFirstName} onLastName={setLastName} error={problems.names ?? null} errorId={namesErrorId} />
        <Field label="Headline" name="headline" value={fields.headline} onChange={set('headline')} maxLength={HEADLINE_MAX} description={`For example "Architect, London" (up to ${HEADLINE_MAX} characters)`}
          error={problems.headline ?? null} />
        <ProfessionSelect value={fields.profession} onChange={set('profession')} error={problems.profession} />
        <Field label="Organisation" name="organisation" autoComplete="organization" value={fields.organisation} onChange={set('organisation')} maxLength={ORGANISATION_MAX}
          description={`Up to ${ORGANISATION_MAX} characters`} error={problems.organisation ?? null} />
        <Field label="Bio" name="bio" multiline value={fields.bio} onChange={set('bio')} maxLength={BIO_MAX} error={problems.bio ?? null}
          description={`${fields.bio.length} of ${BIO_MAX} characters. Plain text, shown on your profile.`} />
        <p className="field__help">Email: {user?.email}</p>
        <Button type="submit" className="button button--primary" isDisabled={busy}>
          {busy ? 'Saving...' : 'Update Profile'}
        </Button>
        <p ref={status} className="form__status" role="status" tabIndex={-1}>
          {done}
        </p>
      </Form>
    </section>
  );
}
