/**
 * 'Profile picture' (issue 35): the member's picture or initials, a button that opens the file chooser or a zone to
 * drop a picture on (react-aria FileTrigger and DropZone), and 'Remove picture'. The server decides what is a picture.
 */
import { useId, useState } from 'react';
import { Button, DropZone, FileTrigger, Text } from 'react-aria-components';
import { toast } from 'sonner';
import { messageOf } from '../../../application/api-error';
import { AVATAR_MAX_BYTES, AVATAR_TEXT, AVATAR_TYPES } from '../../../domain/member';
import { displayName } from '../../../domain/user';
import { removeAvatar, uploadAvatar } from '../../calls';
import { InlineError } from '../../components/fields';
import { MemberAvatar } from '../../components/member-avatar';
import { useServices, useSession } from '../../services-context';

const ACCEPTED: readonly string[] = AVATAR_TYPES;

export function AvatarSection() {
  const { api, uploads, session } = useServices();
  const { user } = useSession();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  if (!user) return null;
  const name = displayName(user.firstName, user.lastName);

  const done = (message: string) => {
    setError(null);
    toast.success(message);
    // The nav's avatar and every byline follow the profile.
    session.send({ type: 'user.refreshProfile' });
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    // Said at once when it cannot be right; anything else is decided by the server, which decodes the bytes.
    if (file.size > AVATAR_MAX_BYTES) return setError(AVATAR_TEXT.tooBig);
    if (file.type && !ACCEPTED.includes(file.type)) return setError(AVATAR_TEXT.notAnImage);
    setBusy('upload');
    try {
      await uploadAvatar.use((call) => uploads.upload(call, file, file.name));
      done('Profile picture updated');
    } catch (failure) {
      setError(messageOf(failure, 'Failed to upload the picture'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      await removeAvatar.use((call) => api.call(call));
      done('Profile picture removed');
    } catch (failure) {
      setError(messageOf(failure, 'Failed to remove the picture'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="auth-card profile-card avatar-section" aria-labelledby="profile-picture">
      <h2 id="profile-picture">Profile picture</h2>
      <div className="avatar-section__row">
        <MemberAvatar name={name} picture={user.profilePicture} scale="profile" alt="Your profile picture" />
        <DropZone className="avatar-drop"
          getDropOperation={(types) => (ACCEPTED.some((type) => types.has(type)) ? 'copy' : 'cancel')}
          onDrop={async (event) => {
            const item = event.items.find((dropped) => dropped.kind === 'file');
            if (item?.kind === 'file') await upload(await item.getFile());
          }}>
          <FileTrigger acceptedFileTypes={[...ACCEPTED]} onSelect={(files) => void upload(files?.[0])}>
            <Button className="button button--primary" isDisabled={busy !== null}>
              {busy === 'upload' ? 'Uploading...' : 'Upload a picture'}
            </Button>
          </FileTrigger>
          <Text slot="label" className="field__help">
            or drop one here. JPEG, PNG or WebP, up to 5 MB. It is cropped to a square; its location and camera details are removed.
          </Text>
        </DropZone>
      </div>
      <InlineError id={errorId} error={error} />
      {user.profilePicture && (
        <Button className="button" onPress={remove} isDisabled={busy !== null}>
          {busy === 'remove' ? 'Removing...' : 'Remove picture'}
        </Button>
      )}
    </section>
  );
}
