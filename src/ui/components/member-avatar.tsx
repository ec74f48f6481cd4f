/**
 * A member's picture, else their initials (issue 35). `alt` is the picture's alternative text; leave it out where the
 * member's name is read beside the picture (a byline), which makes the picture decorative (ADR 132).
 */
import { initialsOfName, smallAvatarUrl } from '../../domain/member';
import './member-avatar.css';

export type AvatarScale = 'nav' | 'byline' | 'profile';

const PIXELS: Record<AvatarScale, number> = { nav: 36, byline: 32, profile: 128 };

export function MemberAvatar({ name, picture, scale, alt, initials }: {
  name: string;
  /** The 256 px URL the API gives ('' for none); bylines show its 64 px sibling. */
  picture: string | undefined;
  scale: AvatarScale;
  alt?: string;
  /** Initials worked out elsewhere (the nav's rule falls back on the email); else from the name. */
  initials?: string;
}) {
  const size = PIXELS[scale];
  const className = `avatar avatar--${scale}`;
  if (picture) {
    const src = scale === 'profile' ? picture : smallAvatarUrl(picture);
    return <img className={className} src={src} alt={alt ?? ''} width={size} height={size} loading="lazy" decoding="async" />;
  }
  const letters = initials ?? initialsOfName(name);
  return alt ? (
    <span className={className} role="img" aria-label={alt}>
      {letters}
    </span>
  ) : (
    <span className={className} aria-hidden="true">
      {letters}
    </span>
  );
}
